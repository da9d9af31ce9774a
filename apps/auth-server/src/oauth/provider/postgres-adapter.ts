import { type Clock } from '@cps/domain';
import { type Adapter, type AdapterPayload } from 'oidc-provider';
import { type DataSource } from 'typeorm';
import { type ConnectorClientRepository } from '../connectors/connector-client.repository.js';
import { type PartnerAppRepository } from '../partner-apps/partner-app.repository.js';
import { select } from '../sql.js';
import { secretHash } from '../tokens/secrets.js';

interface ModelRow {
  payload: AdapterPayload;
  expires_at: Date | null;
  consumed_at: Date | null;
}

/**
 * oidc-provider's models (Session, Interaction, Grant, AuthorizationCode, ...) in `auth.oidc_models`.
 * Rows are keyed by the SHA-256 of the model id (an authorization code *is* its id, a session id is a
 * cookie value), and the id is left out of the stored payload, so the table holds no usable secret.
 */
export class PostgresModelAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const { jti: _jti, ...stored } = payload;
    const expiresAt = expiresIn ? new Date(this.clock.now().getTime() + expiresIn * 1000) : null;
    await this.db.query(
      `INSERT INTO auth.oidc_models (model, id_hash, payload, grant_id, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (model, id_hash) DO UPDATE
         SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [this.model, secretHash(id), stored, payload.grantId ?? null, payload.uid ?? null, expiresAt],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const rows = await select<ModelRow>(
      this.db,
      `SELECT payload, expires_at, consumed_at FROM auth.oidc_models WHERE model = $1 AND id_hash = $2`,
      [this.model, secretHash(id)],
    );
    return this.live(rows[0], id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const rows = await select<ModelRow>(
      this.db,
      `SELECT payload, expires_at, consumed_at FROM auth.oidc_models WHERE model = $1 AND uid = $2`,
      [this.model, uid],
    );
    // Only read for the session's account (the id is not stored, and not needed there).
    return this.live(rows[0], undefined);
  }

  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined); // the device flow is disabled
  }

  async consume(id: string): Promise<void> {
    await this.db.query(
      `UPDATE auth.oidc_models SET consumed_at = $3 WHERE model = $1 AND id_hash = $2 AND consumed_at IS NULL`,
      [this.model, secretHash(id), this.clock.now()],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.query(`DELETE FROM auth.oidc_models WHERE model = $1 AND id_hash = $2`, [this.model, secretHash(id)]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query(`DELETE FROM auth.oidc_models WHERE grant_id = $1 AND model <> 'AuthorizationCode'`, [grantId]);
  }

  private live(row: ModelRow | undefined, id: string | undefined): AdapterPayload | undefined {
    if (!row) return undefined;
    if (row.expires_at && row.expires_at.getTime() <= this.clock.now().getTime()) return undefined;
    return {
      ...row.payload,
      ...(id !== undefined ? { jti: id } : {}),
      ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}),
    };
  }
}

/**
 * oidc-provider's `Client` model: partner apps (`auth.partner_apps`) and data-query connectors
 * (`auth.connector_clients`, public clients), never written by the provider.
 */
export class PartnerAppClientAdapter implements Adapter {
  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly connectors: ConnectorClientRepository,
  ) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const connector = await this.connectors.find(id);
    if (connector) {
      return {
        client_id: connector.clientId,
        client_name: connector.name,
        redirect_uris: connector.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    }
    const app = await this.apps.find(id);
    if (!app) return undefined;
    return {
      client_id: app.clientId,
      // oidc-provider insists on a secret for client_secret_basic clients but never compares it: client
      // authentication happens in our token and revocation endpoints, against the hash.
      client_secret: app.secretHash,
      client_name: app.name,
      redirect_uris: app.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    };
  }

  upsert(): Promise<void> {
    return Promise.reject(new Error('partner apps are registered with the admin CLI'));
  }
  findByUid(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  consume(): Promise<void> {
    return Promise.resolve();
  }
  destroy(): Promise<void> {
    return Promise.resolve();
  }
  revokeByGrantId(): Promise<void> {
    return Promise.resolve();
  }
}

/** Deletes expired provider rows; consumed codes are kept until they expire, for reuse detection. */
export async function purgeExpiredModels(db: DataSource, now: Date): Promise<void> {
  await db.query(`DELETE FROM auth.oidc_models WHERE expires_at < $1`, [now]);
}
