import { Injectable } from '@nestjs/common';
import { AUDIT_AREAS, AuditLog, type AuditFilter } from './audit-log.js';

const PAGE_SIZE = 200;

export interface AuditLogView {
  filter: AuditFilter;
  /** The people who made a change on the team (the filter's choices). */
  actors: string[];
  /** The filter as the query of the CSV export. */
  exportQuery: string;
  entries: Array<{ at: string; person: string; area: string; change: string; madeTo: string }>;
  /** The page holds the latest PAGE_SIZE only (the CSV has more). */
  truncatedAt: number | null;
}

/** The audit log page: the latest changes that match the filter, newest first. */
@Injectable()
export class ShowAuditLog {
  constructor(private readonly audit: AuditLog) {}

  async execute(teamId: string, filter: AuditFilter): Promise<AuditLogView> {
    const [entries, actors] = await Promise.all([
      this.audit.list(teamId, filter, PAGE_SIZE),
      this.audit.actors(teamId),
    ]);
    return {
      filter,
      actors,
      exportQuery: new URLSearchParams(
        Object.entries(filter).filter(([, value]) => value) as Array<[string, string]>,
      ).toString(),
      entries: entries.map((entry) => ({
        at: `${entry.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        person: entry.actor_email,
        area: AUDIT_AREAS[entry.area] ?? entry.area,
        change: entry.action,
        madeTo: entry.target,
      })),
      truncatedAt: entries.length === PAGE_SIZE ? PAGE_SIZE : null,
    };
  }
}
