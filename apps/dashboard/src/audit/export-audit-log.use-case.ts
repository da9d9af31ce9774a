import { Injectable } from '@nestjs/common';
import { AuditLog, type AuditFilter } from './audit-log.js';

const EXPORT_SIZE = 10_000;

/** The audit log's CSV: the changes that match the filter (up to EXPORT_SIZE), newest first. */
@Injectable()
export class ExportAuditLog {
  constructor(private readonly audit: AuditLog) {}

  async execute(teamId: string, filter: AuditFilter): Promise<{ headers: string[]; rows: string[][] }> {
    const entries = await this.audit.list(teamId, filter, EXPORT_SIZE);
    return {
      headers: ['at', 'person', 'area', 'change', 'made_to'],
      rows: entries.map((entry) => [entry.at.toISOString(), entry.actor_email, entry.area, entry.action, entry.target]),
    };
  }
}
