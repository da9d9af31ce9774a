import { Injectable } from '@nestjs/common';
import { ulid, type RpcRequest, type RpcResponse, type SyncContracts, isDisconnected } from '@cps/contracts';
import { checkEmail, isLinkTokenFormat, linkTokenStatus, Clock, Randomness } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { sha256 } from '@cps/persistence';
import { ConnectionRepository } from '../connections/connection.repository.js';
import { LinkTokenRepository } from '../link-tokens/link-token.repository.js';
import { RetailerRepository } from '../retailers/retailer.repository.js';
import { TeamRetailerRepository } from '../retailers/team-retailer.repository.js';
import { LinkSessionFlow } from './link-session-flow.js';
import { LINK_SESSION_TTL_MS } from './link-session-rules.js';
import { type LinkSessionEntity } from './link-session.entity.js';
import { LinkSessionRepository } from './link-session.repository.js';

type Request = RpcRequest<typeof SyncContracts.startLinkSession>;
type Entry = Request['entry'];
type SessionStart = Pick<
  LinkSessionEntity,
  | 'teamId'
  | 'entry'
  | 'linkTokenId'
  | 'customerId'
  | 'email'
  | 'mobile'
  | 'tags'
  | 'fixedRetailerId'
  | 'targetConnectionId'
  | 'state'
  | 'retailerId'
>;

/** 32 random bytes: the secret the gateway keeps in the shopper's cookie. */
const SESSION_SECRET_BYTES = 32;
const CUSTOMER_ID_LENGTH = 16;

const notFound = (what: string) => new RpcRefusal(404, `${what} not found`);

/**
 * The first request of the hosted link flow: a link token (optionally with the connection to
 * re-authenticate) or a retailer's `link_url`. Opens a session that the next pages continue.
 */
@Injectable()
export class StartLinkSessionUseCase {
  constructor(
    private readonly tokens: LinkTokenRepository,
    private readonly teamRetailers: TeamRetailerRepository,
    private readonly retailers: RetailerRepository,
    private readonly connections: ConnectionRepository,
    private readonly sessions: LinkSessionRepository,
    private readonly flow: LinkSessionFlow,
    private readonly clock: Clock,
    private readonly random: Randomness,
  ) {}

  async execute(request: Request): Promise<RpcResponse<typeof SyncContracts.startLinkSession>> {
    const start = await (request.entry.kind === 'link_token'
      ? this.fromLinkToken(request.entry)
      : this.fromLinkUrl(request.entry));
    const now = this.clock.now();
    const secret = this.random.secret(SESSION_SECRET_BYTES);
    const session: LinkSessionEntity = {
      ...start,
      id: ulid(now.getTime()),
      secretHash: sha256(secret),
      redirectUrl: request.redirectUrl,
      errorCode: null,
      errorRetryable: false,
      attemptsLeft: null,
      failedSignIns: 0,
      credentialsSealed: null,
      challengeSealed: null,
      codeSentTo: null,
      sharingWindowDays: null,
      connectionId: null,
      version: 0,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + LINK_SESSION_TTL_MS),
    };
    await this.sessions.insert(session);
    return { sessionId: secret, view: await this.flow.view(session) };
  }

  private async fromLinkToken(entry: Extract<Entry, { kind: 'link_token' }>): Promise<SessionStart> {
    if (!isLinkTokenFormat(entry.linkToken)) throw notFound('link token');
    const token = await this.tokens.findByHashAcrossTeams(sha256(entry.linkToken));
    if (!token) throw notFound('link token');
    const status = linkTokenStatus(token, this.clock.now());
    if (status !== 'active') throw new RpcRefusal(410, `link token ${status}`);
    const common = {
      teamId: token.teamId,
      linkTokenId: token.id,
      customerId: token.customerId,
      email: token.email,
      mobile: token.mobile,
      tags: token.tags,
    };
    if (entry.connectionId === undefined) {
      return {
        ...common,
        entry: 'link_token',
        fixedRetailerId: null,
        targetConnectionId: null,
        state: 'select_retailer',
        retailerId: null,
      };
    }
    // Re-authentication: one of this token's customer's real connections that can still be linked.
    const connection = await this.connections.findOwned(token.teamId, entry.connectionId);
    if (
      !connection ||
      connection.customerId !== token.customerId ||
      connection.isSimulated ||
      isDisconnected(connection.status)
    ) {
      throw notFound(`connection ${entry.connectionId}`);
    }
    await this.requireLinkable(token.teamId, connection.retailerId);
    return {
      ...common,
      email: token.email ?? connection.email,
      entry: 'reauthentication',
      fixedRetailerId: connection.retailerId,
      targetConnectionId: connection.id,
      state: 'sign_in',
      retailerId: connection.retailerId,
    };
  }

  /**
   * A retailer's static `link_url` works whatever the retailer's visibility. It names no customer, so the
   * brand may pass its own id (else a random `cus_` id is used) and the shopper's email; such a link always
   * creates a new connection and never touches an existing one (anyone can open a static URL).
   */
  private async fromLinkUrl(entry: Extract<Entry, { kind: 'link_url' }>): Promise<SessionStart> {
    const configuration = await this.teamRetailers.findByLinkId(entry.linkId);
    if (!configuration) throw notFound('link');
    await this.requireLinkable(configuration.teamId, configuration.retailerId);
    const email = entry.email === undefined ? null : checkEmail(entry.email);
    return {
      teamId: configuration.teamId,
      entry: 'link_url',
      linkTokenId: null,
      customerId: entry.customerId ?? `cus_${this.random.base62(CUSTOMER_ID_LENGTH)}`,
      email: email?.ok ? email.value : null,
      mobile: null,
      tags: {},
      fixedRetailerId: configuration.retailerId,
      targetConnectionId: null,
      state: 'sign_in',
      retailerId: configuration.retailerId,
    };
  }

  /** The retailer is enabled for the team and not inactive on the platform. */
  private async requireLinkable(teamId: string, retailerId: string): Promise<void> {
    const [configuration, retailer] = await Promise.all([
      this.teamRetailers.find(teamId, retailerId),
      this.retailers.findById(retailerId),
    ]);
    if (!configuration || !retailer || retailer.status === 'inactive') throw notFound(`retailer ${retailerId}`);
  }
}
