import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export const AUDIT_AREAS = {
  api_key: 'API keys',
  partner_app: 'Partner apps',
  webhook: 'Webhooks',
  people: 'People',
  brand: 'Brand and sharing',
  retailer: 'Retailers',
  connection: 'Connections',
  catalog: 'Catalog',
  integration: 'Integrations',
  simulator: 'Simulator',
  shop: 'Storefront shops',
  connector: 'MCP connectors',
  other: 'Other',
} as const;
export type AuditArea = keyof typeof AUDIT_AREAS;

export interface AuditEntry {
  at: Date;
  actor_email: string;
  area: AuditArea;
  action: string;
  target: string;
}

export interface AuditFilter {
  area?: AuditArea;
  actor?: string;
  /** Inclusive day bounds, `YYYY-MM-DD` (UTC). */
  from?: string;
  to?: string;
}

/** `dashboard.audit_log`: what people changed through the dashboard, per team. */
@Injectable()
export class AuditLog {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(teamId: string, entry: Omit<AuditEntry, 'at'>): Promise<void> {
    await this.db.query(
      `INSERT INTO dashboard.audit_log (team_id, actor_email, area, action, target) VALUES ($1, $2, $3, $4, $5)`,
      [teamId, entry.actor_email, entry.area, entry.action, entry.target.slice(0, 500)],
    );
  }

  /** Newest first, at most `limit` entries. */
  async list(teamId: string, filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
    return this.db.query(
      `SELECT at, actor_email, area, action, target FROM dashboard.audit_log
       WHERE team_id = $1
         AND ($2::text IS NULL OR area = $2)
         AND ($3::text IS NULL OR lower(actor_email) = lower($3))
         AND ($4::date IS NULL OR at >= $4::date)
         AND ($5::date IS NULL OR at < $5::date + 1)
       ORDER BY at DESC, id DESC LIMIT $6`,
      [teamId, filter.area ?? null, filter.actor ?? null, filter.from ?? null, filter.to ?? null, limit],
    );
  }

  async actors(teamId: string): Promise<string[]> {
    const rows: Array<{ actor_email: string }> = await this.db.query(
      `SELECT DISTINCT actor_email FROM dashboard.audit_log WHERE team_id = $1 ORDER BY actor_email LIMIT 200`,
      [teamId],
    );
    return rows.map((row) => row.actor_email);
  }
}
