import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { modify, select } from '../sql.js';

export interface PartnerApp {
  clientId: string;
  /** The team that registered (owns) the app; installations may belong to any team. */
  teamId: string;
  name: string;
  secretHash: string;
  redirectUris: string[];
  webhookUrl: string | null;
  webhookSecretSealed: string;
}

interface PartnerAppRow {
  client_id: string;
  team_id: string;
  name: string;
  secret_hash: string;
  redirect_uris: string[];
  webhook_url: string | null;
  webhook_secret_sealed: string;
}

const toApp = (row: PartnerAppRow): PartnerApp => ({
  clientId: row.client_id,
  teamId: row.team_id,
  name: row.name,
  secretHash: row.secret_hash,
  redirectUris: row.redirect_uris,
  webhookUrl: row.webhook_url,
  webhookSecretSealed: row.webhook_secret_sealed,
});

@Injectable()
export class PartnerAppRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(app: PartnerApp, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO auth.partner_apps
         (client_id, team_id, name, secret_hash, redirect_uris, webhook_url, webhook_secret_sealed, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        app.clientId,
        app.teamId,
        app.name,
        app.secretHash,
        app.redirectUris,
        app.webhookUrl,
        app.webhookSecretSealed,
        at,
      ],
    );
  }

  async find(clientId: string): Promise<PartnerApp | null> {
    const rows = await select<PartnerAppRow>(this.dataSource, `SELECT * FROM auth.partner_apps WHERE client_id = $1`, [
      clientId,
    ]);
    return rows[0] ? toApp(rows[0]) : null;
  }

  /** Returns false when there is no such app. */
  async replaceSecret(clientId: string, secretHash: string, at: Date): Promise<boolean> {
    const rows = await modify(
      this.dataSource,
      `UPDATE auth.partner_apps SET secret_hash = $2, secret_rotated_at = $3 WHERE client_id = $1 RETURNING client_id`,
      [clientId, secretHash, at],
    );
    return rows.length > 0;
  }
}
