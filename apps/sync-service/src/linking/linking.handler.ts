import { Controller } from '@nestjs/common';
import { SyncContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CancelLinkSessionUseCase } from './cancel-link-session.use-case.js';
import { ChooseLinkRetailerUseCase } from './choose-link-retailer.use-case.js';
import { GetLinkSessionUseCase } from './get-link-session.use-case.js';
import { StartLinkSessionUseCase } from './start-link-session.use-case.js';
import { SubmitLinkCodeUseCase } from './submit-link-code.use-case.js';
import { SubmitLinkConsentUseCase } from './submit-link-consent.use-case.js';
import { SubmitLinkCredentialsUseCase } from './submit-link-credentials.use-case.js';

/** The hosted link flow's steps (api-gateway renders the pages). */
@Controller()
export class LinkingHandler {
  constructor(
    private readonly startSession: StartLinkSessionUseCase,
    private readonly getSession: GetLinkSessionUseCase,
    private readonly chooseRetailer: ChooseLinkRetailerUseCase,
    private readonly submitConsent: SubmitLinkConsentUseCase,
    private readonly submitCredentials: SubmitLinkCredentialsUseCase,
    private readonly submitCode: SubmitLinkCodeUseCase,
    private readonly cancelSession: CancelLinkSessionUseCase,
  ) {}

  @RpcHandler(SyncContracts.startLinkSession)
  start(@RpcPayload(SyncContracts.startLinkSession) request: RpcRequest<typeof SyncContracts.startLinkSession>) {
    return this.startSession.execute(request);
  }

  @RpcHandler(SyncContracts.getLinkSession)
  get(@RpcPayload(SyncContracts.getLinkSession) request: RpcRequest<typeof SyncContracts.getLinkSession>) {
    return this.getSession.execute(request.sessionId);
  }

  @RpcHandler(SyncContracts.chooseLinkRetailer)
  choose(@RpcPayload(SyncContracts.chooseLinkRetailer) request: RpcRequest<typeof SyncContracts.chooseLinkRetailer>) {
    return this.chooseRetailer.execute(request.sessionId, request.retailerId);
  }

  @RpcHandler(SyncContracts.submitLinkConsent)
  consent(@RpcPayload(SyncContracts.submitLinkConsent) request: RpcRequest<typeof SyncContracts.submitLinkConsent>) {
    return this.submitConsent.execute(request.sessionId, request.historyWindowDays, request.offeredHistoryWindowDays);
  }

  @RpcHandler(SyncContracts.submitLinkCredentials)
  signIn(
    @RpcPayload(SyncContracts.submitLinkCredentials)
    request: RpcRequest<typeof SyncContracts.submitLinkCredentials>,
  ) {
    return this.submitCredentials.execute(request.sessionId, { email: request.email, password: request.password });
  }

  @RpcHandler(SyncContracts.submitLinkCode)
  code(@RpcPayload(SyncContracts.submitLinkCode) request: RpcRequest<typeof SyncContracts.submitLinkCode>) {
    return this.submitCode.execute(request.sessionId, request.code);
  }

  @RpcHandler(SyncContracts.cancelLinkSession)
  cancel(@RpcPayload(SyncContracts.cancelLinkSession) request: RpcRequest<typeof SyncContracts.cancelLinkSession>) {
    return this.cancelSession.execute(request.sessionId);
  }
}
