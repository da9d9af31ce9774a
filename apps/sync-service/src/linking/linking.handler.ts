import { SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { CancelLinkSessionUseCase } from './cancel-link-session.use-case.js';
import { ChooseLinkRetailerUseCase } from './choose-link-retailer.use-case.js';
import { GetLinkSessionUseCase } from './get-link-session.use-case.js';
import { StartLinkSessionUseCase } from './start-link-session.use-case.js';
import { SubmitLinkCodeUseCase } from './submit-link-code.use-case.js';
import { SubmitLinkConsentUseCase } from './submit-link-consent.use-case.js';
import { SubmitLinkCredentialsUseCase } from './submit-link-credentials.use-case.js';

/** The hosted link flow's steps (api-gateway renders the pages). */
export const LinkingHandler = rpcHandlers('LinkingHandler', [
  answer(SyncContracts.startLinkSession, StartLinkSessionUseCase, (useCase, request) => useCase.execute(request)),
  answer(SyncContracts.getLinkSession, GetLinkSessionUseCase, (useCase, request) => useCase.execute(request.sessionId)),
  answer(SyncContracts.chooseLinkRetailer, ChooseLinkRetailerUseCase, (useCase, request) =>
    useCase.execute(request.sessionId, request.retailerId),
  ),
  answer(SyncContracts.submitLinkConsent, SubmitLinkConsentUseCase, (useCase, request) =>
    useCase.execute(request.sessionId, request.historyWindowDays, request.offeredHistoryWindowDays),
  ),
  answer(SyncContracts.submitLinkCredentials, SubmitLinkCredentialsUseCase, (useCase, request) =>
    useCase.execute(request.sessionId, { email: request.email, password: request.password }),
  ),
  answer(SyncContracts.submitLinkCode, SubmitLinkCodeUseCase, (useCase, request) =>
    useCase.execute(request.sessionId, request.code),
  ),
  answer(SyncContracts.cancelLinkSession, CancelLinkSessionUseCase, (useCase, request) =>
    useCase.execute(request.sessionId),
  ),
]);
