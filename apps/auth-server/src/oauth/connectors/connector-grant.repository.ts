import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuthContracts } from '@cps/contracts';
import { recordEvent } from '@cps/messaging';
import { DataSource, type EntityManager } from 'typeorm';
import { modify, select, type Sql } from '../sql.js';

/** A refresh token of a connector's chain. */
export interface ConnectorTokenRow {
  id: string;
  client_id: string;
  team_id: string;
  user_id: string;
  scope: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

/**
 * A connector's grant on a team: the chain of refresh tokens of one (client, team) in `auth.connector_tokens`.
 * Authorizing again revokes the earlier chain, so the rows not revoked are the current grant.
 */
@Injectable()
export class ConnectorGrantRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('READ COMMITTED', work);
  }

  /**
   * Revokes every refresh token of the (client, team) grant; answers how many were still unrevoked. With a `reason`
   * the connector is disconnected: `auth.mcp-connector.disconnected.v1` goes to the outbox in the same transaction,
   * so mcp-server refuses the access tokens issued so far. Without one (authorizing again replaces the grant), the
   * earlier access tokens live out their 900 s.
   */
  async revoke(
    tx: EntityManager,
    clientId: string,
    teamId: string,
    now: Date,
    reason?: AuthContracts.McpConnectorDisconnected['reason'],
  ): Promise<number> {
    const rows = await modify<{ id: string }>(
      tx,
      `UPDATE auth.connector_tokens SET revoked_at = $3
        WHERE client_id = $1 AND team_id = $2 AND revoked_at IS NULL RETURNING id`,
      [clientId, teamId, now],
    );
    if (reason && rows.length > 0) {
      await recordEvent(
        tx,
        'auth',
        AuthContracts.mcpConnectorDisconnected,
        { clientId, teamId, disconnectedAt: now.toISOString(), reason },
        { teamId, occurredAt: now },
      );
    }
    return rows.length;
  }

  /** The refresh token with this hash; `forUpdate` locks it until the transaction ends (its rotation). */
  async tokenByHash(tx: EntityManager, tokenHash: string, forUpdate = false): Promise<ConnectorTokenRow | undefined> {
    const [row] = await select<ConnectorTokenRow>(
      tx,
      `SELECT * FROM auth.connector_tokens WHERE token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [tokenHash],
    );
    return row;
  }

  async markRotated(tx: EntityManager, id: string, now: Date): Promise<void> {
    await tx.query(`UPDATE auth.connector_tokens SET rotated_at = $2 WHERE id = $1`, [id, now]);
  }

  /** True when the client was ever authorized on the team (whatever its tokens' state now). */
  async wasAuthorized(db: Sql, clientId: string, teamId: string): Promise<boolean> {
    const rows = await select(db, `SELECT 1 FROM auth.connector_tokens WHERE client_id = $1 AND team_id = $2 LIMIT 1`, [
      clientId,
      teamId,
    ]);
    return rows.length > 0;
  }

  /**
   * The team's connectors with a live grant: a current refresh token neither rotated, revoked nor expired at `now`.
   * All tokens of a chain carry the grant's scope; its first was issued by the code exchange.
   */
  async listLive(teamId: string, now: Date): Promise<AuthContracts.TeamConnector[]> {
    const rows = await select<{
      client_id: string;
      name: string;
      kind: AuthContracts.TeamConnector['kind'];
      scope: string;
      authorized_at: Date;
      last_used_at: Date;
    }>(
      this.dataSource,
      `SELECT t.client_id, c.name, c.kind, min(t.scope) AS scope,
              min(t.issued_at) AS authorized_at, max(t.issued_at) AS last_used_at
         FROM auth.connector_tokens t JOIN auth.connector_clients c ON c.client_id = t.client_id
        WHERE t.team_id = $1 AND t.revoked_at IS NULL
        GROUP BY t.client_id, c.name, c.kind
       HAVING bool_or(t.rotated_at IS NULL AND t.expires_at > $2)
        ORDER BY last_used_at DESC, t.client_id`,
      [teamId, now],
    );
    return rows.map((row) => ({
      ...row,
      authorized_at: row.authorized_at.toISOString(),
      last_used_at: row.last_used_at.toISOString(),
    }));
  }
}
