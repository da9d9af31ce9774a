import { Inject, Injectable } from '@nestjs/common';
import { type RpcRequest, type SyncContracts } from '@cps/contracts';
import { SyncClient } from '../clients/sync.client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';

export type LinkSessionView = SyncContracts.LinkSessionView;
export type LinkEntry = RpcRequest<typeof SyncContracts.startLinkSession>['entry'];

/**
 * The link flow's steps, kept by sync-service. Refusals arrive as HttpExceptions (404 unknown or expired,
 * 409 a step that no longer applies, 410 an expired link token, 503 sync-service not answering).
 */
@Injectable()
export class LinkSessions {
  private readonly retailerStepTimeoutMs: number;

  constructor(
    private readonly sync: SyncClient,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'link'>,
  ) {
    this.retailerStepTimeoutMs = config.link.LINK_RETAILER_STEP_TIMEOUT_MS;
  }

  start(entry: LinkEntry, redirectUrl: string | null) {
    return this.sync.startLinkSession({ entry, redirectUrl });
  }

  get(sessionId: string): Promise<LinkSessionView> {
    return this.sync.getLinkSession({ sessionId });
  }

  chooseRetailer(sessionId: string, retailerId: string | null): Promise<LinkSessionView> {
    return this.sync.chooseLinkRetailer({ sessionId, retailerId });
  }

  /** The consent step: the history window the shopper grants, checked against what the brand asks for. */
  consent(sessionId: string, historyWindowDays: number, offeredHistoryWindowDays: number): Promise<LinkSessionView> {
    return this.sync.submitLinkConsent({ sessionId, historyWindowDays, offeredHistoryWindowDays });
  }

  /** Waits for the retailer: allowed longer than an ordinary request. */
  signIn(sessionId: string, email: string, password: string): Promise<LinkSessionView> {
    return this.sync.submitLinkCredentials({ sessionId, email, password }, this.retailerStepTimeoutMs);
  }

  submitCode(sessionId: string, code: string): Promise<LinkSessionView> {
    return this.sync.submitLinkCode({ sessionId, code }, this.retailerStepTimeoutMs);
  }

  cancel(sessionId: string): Promise<LinkSessionView> {
    return this.sync.cancelLinkSession({ sessionId });
  }

  /** Whether the shopper signs in to re-link a connection that lost its retailer sign-in (false when unknown). */
  async isReauthentication(view: LinkSessionView): Promise<boolean> {
    if (view.state !== 'sign_in' || view.entry !== 'reauthentication' || view.connection_id === null) return false;
    try {
      const connection = await this.sync.getConnection({ teamId: view.team_id, connectionId: view.connection_id });
      return connection.status === 'unauthenticated';
    } catch {
      return false;
    }
  }
}
