import { SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { customerContact } from '../connections/customer-contact.js';
import { CreateLinkTokenUseCase } from './create-link-token.use-case.js';
import { ListLinkTokensUseCase } from './list-link-tokens.use-case.js';
import { ResolveLinkTokenUseCase } from './resolve-link-token.use-case.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';

export const LinkTokensHandler = rpcHandlers('LinkTokensHandler', [
  answer(SyncContracts.createLinkToken, CreateLinkTokenUseCase, (useCase, request) =>
    useCase.execute({
      teamId: request.teamId,
      ...customerContact(request),
      tags: request.tags,
      expiresInDays: request.expires_in_days,
      idempotencyKey: request.idempotencyKey,
    }),
  ),
  answer(SyncContracts.listLinkTokens, ListLinkTokensUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.customer_id, request.status),
  ),
  answer(SyncContracts.revokeLinkToken, RevokeLinkTokenUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.linkToken),
  ),
  answer(SyncContracts.resolveLinkToken, ResolveLinkTokenUseCase, (useCase, request) =>
    useCase.execute(request.linkToken),
  ),
]);
