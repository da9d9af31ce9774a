import { Controller } from '@nestjs/common';
import { SyncContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateLinkTokenUseCase } from './create-link-token.use-case.js';
import { ListLinkTokensUseCase } from './list-link-tokens.use-case.js';
import { ResolveLinkTokenUseCase } from './resolve-link-token.use-case.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';

@Controller()
export class LinkTokensHandler {
  constructor(
    private readonly createLinkToken: CreateLinkTokenUseCase,
    private readonly listLinkTokens: ListLinkTokensUseCase,
    private readonly revokeLinkToken: RevokeLinkTokenUseCase,
    private readonly resolveLinkToken: ResolveLinkTokenUseCase,
  ) {}

  @RpcHandler(SyncContracts.createLinkToken)
  create(@RpcPayload(SyncContracts.createLinkToken) request: RpcRequest<typeof SyncContracts.createLinkToken>) {
    return this.createLinkToken.execute({
      teamId: request.teamId,
      customerId: request.customer_id,
      email: request.email,
      mobile: request.mobile,
      tags: request.tags,
      expiresInDays: request.expires_in_days,
      idempotencyKey: request.idempotencyKey,
    });
  }

  @RpcHandler(SyncContracts.listLinkTokens)
  list(@RpcPayload(SyncContracts.listLinkTokens) request: RpcRequest<typeof SyncContracts.listLinkTokens>) {
    return this.listLinkTokens.execute(request.teamId, request.customer_id, request.status);
  }

  @RpcHandler(SyncContracts.revokeLinkToken)
  revoke(@RpcPayload(SyncContracts.revokeLinkToken) request: RpcRequest<typeof SyncContracts.revokeLinkToken>) {
    return this.revokeLinkToken.execute(request.teamId, request.linkToken);
  }

  @RpcHandler(SyncContracts.resolveLinkToken)
  resolve(@RpcPayload(SyncContracts.resolveLinkToken) request: RpcRequest<typeof SyncContracts.resolveLinkToken>) {
    return this.resolveLinkToken.execute(request.linkToken);
  }
}
