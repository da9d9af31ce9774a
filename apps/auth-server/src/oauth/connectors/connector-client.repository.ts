import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { select } from '../sql.js';

export interface ConnectorClient {
  clientId: string;
  kind: 'registered' | 'metadata_document';
  name: string;
  redirectUris: string[];
}

interface Row {
  client_id: string;
  kind: ConnectorClient['kind'];
  name: string;
  redirect_uris: string[];
}

/** Registered clients never used (no code exchanged) this long after registration are deleted. */
export const UNUSED_CONNECTOR_TTL_MS = 24 * 3600_000;

@Injectable()
export class ConnectorClientRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(clientId: string): Promise<ConnectorClient | null> {
    const [row] = await select<Row>(
      this.dataSource,
      `SELECT client_id, kind, name, redirect_uris FROM auth.connector_clients WHERE client_id = $1`,
      [clientId],
    );
    return row ? { clientId: row.client_id, kind: row.kind, name: row.name, redirectUris: row.redirect_uris } : null;
  }

  /** Inserts or (for a metadata document fetched again) refreshes a client. */
  async save(client: ConnectorClient, registeredBy: string | null, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO auth.connector_clients (client_id, kind, name, redirect_uris, registered_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (client_id) DO UPDATE SET name = EXCLUDED.name, redirect_uris = EXCLUDED.redirect_uris`,
      [client.clientId, client.kind, client.name, client.redirectUris, registeredBy, at],
    );
  }

  /** Registrations by one source (a hashed client address) since `since`: the registration rate limit. */
  async countRegisteredSince(registeredBy: string, since: Date): Promise<number> {
    const [row] = await select<{ n: number }>(
      this.dataSource,
      `SELECT count(*)::int AS n FROM auth.connector_clients WHERE registered_by = $1 AND created_at > $2`,
      [registeredBy, since],
    );
    return row?.n ?? 0;
  }

  async markUsed(clientId: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE auth.connector_clients SET last_used_at = $2 WHERE client_id = $1`, [
      clientId,
      at,
    ]);
  }

  /** Deletes registered clients that never completed an authorization within UNUSED_CONNECTOR_TTL_MS. */
  async purgeUnused(now: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth.connector_clients WHERE last_used_at IS NULL AND created_at < $1`, [
      new Date(now.getTime() - UNUSED_CONNECTOR_TTL_MS),
    ]);
  }
}
