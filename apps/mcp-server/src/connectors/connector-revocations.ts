import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuthContracts, type Envelope, type EventData } from '@cps/contracts';
import { BackgroundLoop, EventConsumer, type EventHandlerDefinition } from '@cps/messaging';
import { DataSource, type EntityManager } from 'typeorm';

/** Notified in the transaction that records a revocation: every mcp-server replica reads the table again. */
export const REVOCATIONS_CHANNEL = 'mcp_connector_revocations';
/** Connector access tokens live 900 s: an older revocation refuses nothing still valid (an hour leaves clock skew). */
const HORIZON = '1 hour';
/** Reading again without a notification, in case the LISTEN session was down when one was sent. */
const POLL_MS = 5_000;

type Disconnected = typeof AuthContracts.mcpConnectorDisconnected;

/**
 * Durable consumer `mcp-server-connector-disconnected`: auth-server revoked a connector's grant (dashboard disconnect,
 * `POST /oauth/revoke`, refresh-token or code reuse). Keeps the latest revocation per (client, team).
 */
@EventConsumer()
export class ConnectorDisconnectedHandler implements EventHandlerDefinition<Disconnected> {
  readonly name = 'connector-disconnected';
  readonly event = AuthContracts.mcpConnectorDisconnected;

  async handle(envelope: Envelope<EventData<Disconnected>>, manager: EntityManager): Promise<void> {
    const { clientId, teamId, disconnectedAt } = envelope.data;
    await manager.query(
      `INSERT INTO mcp.connector_revocations (client_id, team_id, revoked_at) VALUES ($1, $2, $3)
       ON CONFLICT (client_id, team_id) DO UPDATE SET revoked_at = greatest(mcp.connector_revocations.revoked_at, EXCLUDED.revoked_at)`,
      [clientId, teamId, disconnectedAt],
    );
    await manager.query(`SELECT pg_notify($1, '')`, [REVOCATIONS_CHANNEL]);
  }
}

/**
 * The recent revocations of connector grants, in memory so verifying a token costs no query: read at start, again
 * at once when a revocation commits (Postgres NOTIFY, so every replica hears it whichever consumed the event), and
 * every 5 s in case a notification was missed.
 */
@Injectable()
export class ConnectorRevocations implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private revokedAt = new Map<string, number>();
  private readonly loop: BackgroundLoop;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.loop = new BackgroundLoop({
      name: 'connector revocations',
      idleMs: POLL_MS,
      pass: async () => {
        await this.refresh();
        return false;
      },
      listen: {
        connectionString: (dataSource.options as { url: string }).url,
        channel: REVOCATIONS_CHANNEL,
        applicationName: 'mcp-server-revocations',
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** True when the (client, team) grant was revoked at or after `issuedAt` (a token's `iat`, in seconds). */
  revoked(clientId: string, teamId: string, issuedAt: number): boolean {
    const at = this.revokedAt.get(`${clientId}\u0000${teamId}`);
    return at !== undefined && at >= issuedAt * 1000;
  }

  async refresh(): Promise<void> {
    const rows = (await this.dataSource.query(
      `SELECT client_id, team_id, revoked_at FROM mcp.connector_revocations WHERE revoked_at > now() - interval '${HORIZON}'`,
    )) as Array<{ client_id: string; team_id: string; revoked_at: Date }>;
    this.revokedAt = new Map(rows.map((row) => [`${row.client_id}\u0000${row.team_id}`, row.revoked_at.getTime()]));
  }
}
