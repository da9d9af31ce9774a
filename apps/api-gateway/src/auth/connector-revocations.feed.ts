import { Injectable } from '@nestjs/common';
import { DeliverPolicy } from '@nats-io/jetstream';
import { AuthContracts } from '@cps/contracts';
import { type GatewayConfig } from '../gateway-config.js';
import { OrderedEventFeed, type FeedStart, type OrderedConsumers } from './ordered-event-feed.js';

/** Longer than an access token lives (900 s): older revocations concern only expired tokens. */
const REMEMBERED_MS = 16 * 60_000;

/**
 * Disconnected data-query connectors (`auth.mcp-connector.disconnected.v1`), heard on every replica: their
 * access tokens issued until the disconnect are refused at once instead of living out their 900 s ("disconnecting
 * revokes the token"). A (re)subscription replays the last 16 minutes, so a replica started after a disconnect
 * knows it too. While the feed is down, revocations made meanwhile are learnt on reconnection.
 */
@Injectable()
export class ConnectorRevocationsFeed extends OrderedEventFeed {
  /** `client team` -> revocation time (seconds since the epoch). */
  private readonly revoked = new Map<string, number>();

  constructor(
    nats: OrderedConsumers,
    config: Pick<GatewayConfig, 'EVENTS_STREAM'>,
    private readonly now: () => number = Date.now,
  ) {
    super(nats, config.EVENTS_STREAM, AuthContracts.mcpConnectorDisconnected.subject, 'ConnectorRevocations');
  }

  protected override start(): FeedStart {
    return {
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(this.now() - REMEMBERED_MS).toISOString(),
    };
  }

  /** Whether a token of this connector on this team, issued at `issuedAt` (seconds), was revoked since. */
  isRevoked(clientId: string, teamId: string, issuedAt: number | undefined): boolean {
    const revokedAt = this.revoked.get(`${clientId} ${teamId}`);
    return revokedAt !== undefined && (issuedAt === undefined || issuedAt <= revokedAt);
  }

  handle(raw: unknown): void {
    const event = this.read(AuthContracts.mcpConnectorDisconnected.data, raw, 'connector revocation');
    if (!event) return;
    const key = `${event.clientId} ${event.teamId}`;
    const at = Math.floor(Date.parse(event.disconnectedAt) / 1000);
    this.revoked.set(key, Math.max(at, this.revoked.get(key) ?? 0));
    const oldest = Math.floor((this.now() - REMEMBERED_MS) / 1000);
    for (const [entry, revokedAt] of this.revoked) if (revokedAt < oldest) this.revoked.delete(entry);
  }
}
