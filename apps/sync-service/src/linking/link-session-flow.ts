import { Injectable } from '@nestjs/common';
import { type SyncContracts } from '@cps/contracts';
import { isListedForShopper, Clock } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { sha256 } from '@cps/persistence';
import { type EntityManager } from 'typeorm';
import { ConnectionRepository } from '../connections/connection.repository.js';
import { RetailerError } from '../retailer-adapters/retailer-errors.js';
import { RetailerRepository } from '../retailers/retailer.repository.js';
import { TeamRetailerRepository } from '../retailers/team-retailer.repository.js';
import { type LinkSessionChanges, type LinkSessionEntity } from './link-session.entity.js';
import { LinkSessionRepository } from './link-session.repository.js';

export type LinkSessionView = SyncContracts.LinkSessionView;
type RetailerRef = { retailer_id: string; name: string };

/** Unknown and expired sessions look the same: the shopper starts again from the brand's app. */
export function linkSessionNotFound(): RpcRefusal {
  return new RpcRefusal(404, 'link session not found or expired');
}

export function linkSessionEnded(): RpcRefusal {
  return new RpcRefusal(409, 'this link session has ended');
}

/** What every step of the link flow shares: finding the session, what the shopper may pick, saving, the view. */
@Injectable()
export class LinkSessionFlow {
  constructor(
    private readonly sessions: LinkSessionRepository,
    private readonly retailers: RetailerRepository,
    private readonly teamRetailers: TeamRetailerRepository,
    private readonly connections: ConnectionRepository,
    private readonly clock: Clock,
  ) {}

  async load(secret: string): Promise<LinkSessionEntity> {
    const session = await this.sessions.findLive(sha256(secret), this.clock.now());
    if (!session) throw linkSessionNotFound();
    return session;
  }

  /**
   * The retailers the selection page lists: the team's enabled, available retailers that are listed for
   * this shopper (visibility and audience). Entries that fix the retailer list none.
   */
  async selectableRetailers(session: LinkSessionEntity): Promise<RetailerRef[]> {
    if (session.fixedRetailerId !== null) return [];
    const views = await this.teamRetailers.list(session.teamId, 'enabled');
    return views
      .filter(({ retailer, configuration }) => {
        if (!configuration || retailer.status === 'inactive') return false;
        return isListedForShopper(configuration, session.email);
      })
      .map(({ retailer }) => ({ retailer_id: retailer.id, name: retailer.name }));
  }

  /** Applies a step; a concurrent step on the same session (a double submit) wins, and this one is refused. */
  async save(session: LinkSessionEntity, changes: LinkSessionChanges, tx?: EntityManager): Promise<LinkSessionEntity> {
    const saved = await this.sessions.update(session, changes, this.clock.now(), tx);
    if (!saved) throw new RpcRefusal(409, 'the link session changed meanwhile; reload the page');
    return saved;
  }

  async view(session: LinkSessionEntity): Promise<LinkSessionView> {
    const canChoose = session.fixedRetailerId === null;
    const retailers = canChoose && session.state === 'select_retailer' ? await this.selectableRetailers(session) : [];
    const chosen = session.retailerId ? await this.retailers.findById(session.retailerId) : null;
    const target = session.targetConnectionId
      ? await this.connections.findOwned(session.teamId, session.targetConnectionId)
      : null;
    return {
      team_id: session.teamId,
      state: session.state,
      entry: session.entry,
      retailers,
      can_choose_retailer: canChoose,
      retailer: chosen ? { retailer_id: chosen.id, name: chosen.name } : null,
      prefill_email: session.email,
      code_sent_to: session.state === 'one_time_code' ? session.codeSentTo : null,
      error: session.errorCode
        ? { code: session.errorCode, retryable: session.errorRetryable, attempts_left: session.attemptsLeft }
        : null,
      connection_id: session.connectionId ?? session.targetConnectionId,
      redirect_url: session.redirectUrl,
      expires_at: session.expiresAt.toISOString(),
      history_window_days: session.sharingWindowDays,
      current_history_window_days: target?.historyWindowDays ?? null,
    };
  }
}

/** A step's changes that clear the outcome of the previous step and every sealed secret. */
export const CLEARED: LinkSessionChanges = {
  errorCode: null,
  errorRetryable: false,
  attemptsLeft: null,
  credentialsSealed: null,
  challengeSealed: null,
  codeSentTo: null,
};

/** Applies a step and answers the page it leads to. */
export async function advance(
  flow: LinkSessionFlow,
  session: LinkSessionEntity,
  changes: LinkSessionChanges,
): Promise<LinkSessionView> {
  return flow.view(await flow.save(session, changes));
}

/**
 * Puts the shopper's sign-in or code to the retailer and goes on with its answer; a retailer that does not answer
 * (a RetailerError: down, rate limiting) leaves the session at a retryable error.
 */
export async function askRetailer<T>(
  flow: LinkSessionFlow,
  session: LinkSessionEntity,
  ask: () => Promise<T>,
  next: (answer: T) => Promise<LinkSessionView>,
): Promise<LinkSessionView> {
  let answer: T;
  try {
    answer = await ask();
  } catch (error) {
    if (!(error instanceof RetailerError)) throw error;
    return advance(flow, session, {
      ...CLEARED,
      state: 'error',
      errorCode: 'retailer_unavailable',
      errorRetryable: true,
    });
  }
  return next(answer);
}
