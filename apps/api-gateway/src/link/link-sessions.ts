import { Injectable } from '@nestjs/common';
import { SyncContracts, type RpcRequest } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { linkConfig } from './link.config.js';

export type LinkSessionView = SyncContracts.LinkSessionView;
export type LinkEntry = RpcRequest<typeof SyncContracts.startLinkSession>['entry'];

/**
 * The link flow's steps, kept by sync-service. Refusals arrive as HttpExceptions (404 unknown or expired,
 * 409 a step that no longer applies, 410 an expired link token, 503 sync-service not answering).
 */
@Injectable()
export class LinkSessions {
  private readonly retailerStepTimeoutMs = linkConfig.LINK_RETAILER_STEP_TIMEOUT_MS;

  constructor(private readonly rpc: RpcClient) {}

  start(entry: LinkEntry, redirectUrl: string | null) {
    return this.rpc.request(SyncContracts.startLinkSession, { entry, redirectUrl });
  }

  get(sessionId: string): Promise<LinkSessionView> {
    return this.rpc.request(SyncContracts.getLinkSession, { sessionId });
  }

  chooseRetailer(sessionId: string, retailerId: string | null): Promise<LinkSessionView> {
    return this.rpc.request(SyncContracts.chooseLinkRetailer, { sessionId, retailerId });
  }

  /** Waits for the retailer: allowed longer than an ordinary request. */
  signIn(sessionId: string, email: string, password: string): Promise<LinkSessionView> {
    return this.rpc.request(
      SyncContracts.submitLinkCredentials,
      { sessionId, email, password },
      this.retailerStepTimeoutMs,
    );
  }

  submitCode(sessionId: string, code: string): Promise<LinkSessionView> {
    return this.rpc.request(SyncContracts.submitLinkCode, { sessionId, code }, this.retailerStepTimeoutMs);
  }

  cancel(sessionId: string): Promise<LinkSessionView> {
    return this.rpc.request(SyncContracts.cancelLinkSession, { sessionId });
  }
}
