import { Injectable } from '@nestjs/common';
import { ulid, SyncContracts, type Actor } from '@cps/contracts';
import { historyWindowStart, linkTokenStatus, planLinkActivation, retailerAccountRef, Clock } from '@cps/domain';
import { EventOutbox } from '@cps/messaging';
import { Transactor, type Transaction } from '@cps/persistence';
import { CollectionStateRepository } from '../collection/collection-state.repository.js';
import { CollectionWakeup } from '../collection/collection-wakeup.js';
import { ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { activityEntry, toConnection } from '../connections/connection-resource.js';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { ConnectionRepository } from '../connections/connection.repository.js';
import { LinkTokenRepository } from '../link-tokens/link-token.repository.js';
import { type RetailerCredentials, type RetailerSession } from '../retailer-adapters/retailer-adapter.js';
import { RetailerCredentialVault } from '../retailer-adapters/retailer-credential-vault.js';
import { TeamRetailerRepository } from '../retailers/team-retailer.repository.js';
import { CLEARED, LinkSessionFlow } from './link-session-flow.js';
import { type LinkErrorCode, type LinkSessionEntity } from './link-session.entity.js';

/** The shopper, in the link flow (INTERFACE-DECISIONS: `event_source` `Consumer`). */
export const SHOPPER: Actor = { source: 'Consumer', idType: null, idName: null };

/**
 * The end of a successful retailer sign-in: creates or reuses the connection (team, customer, retailer),
 * records the link token's tags on creation, moves it to `active` with its activity entries and
 * `connection.activated`, stores the credentials and session sealed, and asks the scheduler to poll it
 * now (the first poll backfills the account's history). One transaction, with the session's last step.
 */
@Injectable()
export class LinkConnectionUseCase {
  constructor(
    private readonly teamRetailers: TeamRetailerRepository,
    private readonly tokens: LinkTokenRepository,
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly collection: CollectionStateRepository,
    private readonly vault: RetailerCredentialVault,
    private readonly flow: LinkSessionFlow,
    private readonly transactor: Transactor,
    private readonly outbox: EventOutbox,
    private readonly wakeup: CollectionWakeup,
    private readonly clock: Clock,
  ) {}

  async execute(
    session: LinkSessionEntity,
    credentials: RetailerCredentials,
    retailerSession: RetailerSession,
  ): Promise<LinkSessionEntity> {
    const retailerId = session.retailerId;
    if (!retailerId) throw new Error('a link needs a chosen retailer');
    const fail = (code: LinkErrorCode, tx?: Transaction) =>
      this.flow.save(session, { ...CLEARED, state: 'error', errorCode: code, errorRetryable: false }, tx);
    try {
      const linked = await this.transactor.run(async (tx) => {
        const refusal = await this.refusal(tx, session, retailerId);
        if (refusal) return { session: await fail(refusal, tx), linked: false };
        const connectionId = await this.activate(tx, session, retailerId, credentials, retailerSession);
        return {
          session: await this.flow.save(session, { ...CLEARED, state: 'succeeded', connectionId }, tx),
          linked: true,
        };
      });
      if (linked.linked) this.wakeup.wake();
      return linked.session;
    } catch (error) {
      if (error instanceof TargetGone) return fail('connection_unavailable');
      throw error;
    }
  }

  /** Why the link cannot complete any more, if it cannot: things changed while the shopper signed in. */
  private async refusal(
    tx: Transaction,
    session: LinkSessionEntity,
    retailerId: string,
  ): Promise<LinkErrorCode | null> {
    // Share-locked: a concurrent disable waits until this link is committed.
    if (!(await this.teamRetailers.find(session.teamId, retailerId, tx))) return 'link_unavailable';
    if (session.linkTokenId !== null) {
      const token = await this.tokens.findOwned(session.teamId, session.linkTokenId);
      if (!token || linkTokenStatus(token, this.clock.now()) !== 'active') return 'link_unavailable';
    }
    return null;
  }

  private async activate(
    tx: Transaction,
    session: LinkSessionEntity,
    retailerId: string,
    credentials: RetailerCredentials,
    retailerSession: RetailerSession,
  ): Promise<string> {
    const { teamId } = session;
    const now = this.clock.now();
    // The shopper's answer in the consent step: the connection's sharing preference from now on.
    const historyWindowDays = session.sharingWindowDays;
    if (historyWindowDays === null) throw new Error("a link needs the shopper's consent");
    // One link at a time per customer and retailer, so two tabs never create two connections.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `sync.link:${teamId}:${session.customerId}:${retailerId}`,
    ]);
    const existing = await this.target(tx, session, retailerId);
    if (existing === 'gone') throw new TargetGone();
    const plan = planLinkActivation(
      existing ? { status: existing.status, firstLinkedAt: existing.firstLinkedAt ?? null } : null,
    );
    let connection: ConnectionEntity;
    switch (plan.kind) {
      case 'refused':
        throw new TargetGone();
      case 'create': {
        const initialized: ConnectionEntity = {
          id: ulid(now.getTime()),
          teamId,
          customerId: session.customerId,
          retailerId,
          status: 'initialized',
          email: session.email,
          mobile: session.mobile,
          tags: session.tags,
          isSimulated: false,
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
          firstLinkedAt: null,
        };
        connection = { ...initialized, status: 'active', firstLinkedAt: now, historyWindowDays };
        await this.connections.insert(tx, connection);
        await this.activity.append(tx, [
          activityEntry(SHOPPER, {
            event: 'connection_created',
            at: now,
            details: null,
            before: null,
            after: initialized,
          }),
          activityEntry(SHOPPER, {
            event: 'connection_activated',
            at: now,
            details: 'Retailer account linked',
            before: initialized,
            after: connection,
          }),
        ]);
        await this.emitActivated(tx, connection, true, now);
        break;
      }
      case 'activate': {
        const before = existing as ConnectionEntity;
        connection = {
          ...before,
          status: 'active',
          firstLinkedAt: before.firstLinkedAt ?? now,
          historyWindowDays,
          updatedAt: now,
        };
        await this.connections.update(tx, teamId, before.id, {
          status: 'active',
          firstLinkedAt: connection.firstLinkedAt,
          historyWindowDays,
          updatedAt: now,
        });
        const [event] = plan.activity;
        await this.activity.append(tx, [
          activityEntry(SHOPPER, {
            event,
            at: now,
            details: event === 'connection_activated' ? 'Retailer account linked' : 'Retailer account re-linked',
            before,
            after: connection,
          }),
        ]);
        await this.emitActivated(tx, connection, plan.firstActivation, now);
        break;
      }
      case 'refresh': {
        connection = existing as ConnectionEntity;
        // Re-linking is how a shopper changes what the brand sees.
        await this.connections.update(tx, teamId, connection.id, { historyWindowDays });
        await this.activity.append(tx, [
          activityEntry(SHOPPER, {
            event: 'connection_reauthenticated',
            at: now,
            details: 'Retailer sign-in renewed',
            before: connection,
            after: connection,
          }),
        ]);
        break;
      }
    }
    await this.emitSharing(tx, connection, historyWindowDays, now);
    await this.storeAccount(tx, connection, credentials, retailerSession, now);
    return connection.id;
  }

  /**
   * The connection this link lands on: the one being re-authenticated, or (link tokens only) the
   * customer's reusable connection to this retailer; null to create one. 'gone': the re-authenticated
   * connection was deleted or disconnected meanwhile.
   */
  private async target(
    tx: Transaction,
    session: LinkSessionEntity,
    retailerId: string,
  ): Promise<ConnectionEntity | null | 'gone'> {
    if (session.targetConnectionId !== null) {
      const connection = await this.connections.lockOwned(tx, session.teamId, session.targetConnectionId);
      return connection ?? 'gone';
    }
    if (session.entry !== 'link_token') return null;
    return this.connections.lockReusableForLink(tx, session.teamId, session.customerId, retailerId);
  }

  private async emitActivated(tx: Transaction, connection: ConnectionEntity, firstActivation: boolean, at: Date) {
    await this.outbox.record(
      tx,
      SyncContracts.connectionActivated,
      { connection: toConnection(connection), firstActivation },
      { teamId: connection.teamId, occurredAt: at },
    );
  }

  /** The window just chosen, for the read models that must hide what it excludes (mcp-server's). */
  private async emitSharing(tx: Transaction, connection: ConnectionEntity, historyWindowDays: number, at: Date) {
    // As HISTORY_WINDOW_START_SQL: from the first link, else the creation (a link always records the first).
    const start = historyWindowStart({ historyWindowDays }, connection.firstLinkedAt ?? connection.createdAt, at);
    if (!start) throw new Error('a link always chooses a window');
    await this.outbox.record(
      tx,
      SyncContracts.connectionSharingChanged,
      { connectionId: connection.id, historyWindowDays, historyStart: start.toISOString() },
      { teamId: connection.teamId, occurredAt: at },
    );
  }

  /** Credentials and session sealed to this connection; another account's cursor is not reused. */
  private async storeAccount(
    tx: Transaction,
    connection: ConnectionEntity,
    credentials: RetailerCredentials,
    retailerSession: RetailerSession,
    now: Date,
  ): Promise<void> {
    const previous = await this.collection.lockCredentials(tx, connection.id);
    let sameAccount = false;
    if (previous !== null) {
      try {
        const stored = this.vault.openCredentials(connection.id, previous);
        sameAccount = stored.email.trim().toLowerCase() === credentials.email.trim().toLowerCase();
      } catch {
        sameAccount = false; // unreadable (key rotated): start the history again, duplicates are skipped anyway
      }
    }
    await this.collection.saveLinkedAccount(tx, {
      connectionId: connection.id,
      teamId: connection.teamId,
      retailerId: connection.retailerId,
      credentialsSealed: this.vault.sealCredentials(connection.id, credentials),
      sessionSealed: this.vault.sealSession(connection.id, retailerSession),
      resetCursor: !sameAccount,
      accountRef: retailerAccountRef(connection.retailerId, credentials.email),
      now,
    });
  }
}

/** The connection being re-authenticated was deleted or disconnected while the shopper signed in. */
export class TargetGone extends Error {
  constructor() {
    super('the connection to re-authenticate is gone');
  }
}
