import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthContracts } from '@cps/contracts';
import { recordEvent } from '@cps/messaging';
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
  /** The webhook secret before the last rotation and until when it still signs (null: no overlap). */
  previousWebhookSecretSealed?: string | null;
  previousWebhookSecretUntil?: Date | null;
}

interface PartnerAppRow {
  client_id: string;
  team_id: string;
  name: string;
  secret_hash: string;
  redirect_uris: string[];
  webhook_url: string | null;
  webhook_secret_sealed: string;
  previous_webhook_secret_sealed: string | null;
  previous_webhook_secret_until: Date | null;
}

const toApp = (row: PartnerAppRow): PartnerApp => ({
  clientId: row.client_id,
  teamId: row.team_id,
  name: row.name,
  secretHash: row.secret_hash,
  redirectUris: row.redirect_uris,
  webhookUrl: row.webhook_url,
  webhookSecretSealed: row.webhook_secret_sealed,
  previousWebhookSecretSealed: row.previous_webhook_secret_sealed,
  previousWebhookSecretUntil: row.previous_webhook_secret_until,
});

/** The columns of a partner app its owner may see (no secrets). */
export const OWNER_VIEW_COLUMNS = 'client_id, name, redirect_uris, webhook_url, created_at, secret_rotated_at';

export interface OwnerViewRow {
  client_id: string;
  name: string;
  redirect_uris: string[];
  webhook_url: string | null;
  created_at: Date;
  secret_rotated_at: Date | null;
}

export const toTeamPartnerApp = (row: OwnerViewRow): AuthContracts.TeamPartnerApp => ({
  ...row,
  created_at: row.created_at.toISOString(),
  secret_rotated_at: row.secret_rotated_at ? row.secret_rotated_at.toISOString() : null,
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

  /**
   * Makes `sealed` the app's webhook secret, keeps the current one as the previous until `previousUntil` (null:
   * dropped at once) and records `auth.partner-app.webhook-secret-rotated.v1`, in one transaction; false when
   * there is no such app.
   */
  async rotateWebhookSecret(clientId: string, sealed: string, previousUntil: Date | null): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [owner] = await modify<{ team_id: string }>(
        manager,
        `UPDATE auth.partner_apps
            SET previous_webhook_secret_sealed = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE webhook_secret_sealed END,
                previous_webhook_secret_until = $3, webhook_secret_sealed = $2
          WHERE client_id = $1 RETURNING team_id`,
        [clientId, sealed, previousUntil],
      );
      if (!owner) return false;
      await recordEvent(
        manager,
        'auth',
        AuthContracts.partnerAppWebhookSecretRotated,
        { clientId },
        { teamId: owner.team_id },
      );
      return true;
    });
  }

  /** Replaces the redirect URIs of an app `teamId` owns; null when the team owns no such app. */
  async replaceRedirectUris(clientId: string, teamId: string, redirectUris: string[]): Promise<OwnerViewRow | null> {
    const [row] = await modify<OwnerViewRow>(
      this.dataSource,
      `UPDATE auth.partner_apps SET redirect_uris = $3 WHERE client_id = $1 AND team_id = $2
       RETURNING ${OWNER_VIEW_COLUMNS}`,
      [clientId, teamId, redirectUris],
    );
    return row ?? null;
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
