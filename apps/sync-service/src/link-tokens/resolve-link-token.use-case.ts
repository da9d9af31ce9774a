import { Injectable } from '@nestjs/common';
import { type RpcResponse, type SyncContracts } from '@cps/contracts';
import { isLinkTokenFormat, linkTokenStatus, Clock } from '@cps/domain';
import { sha256 } from '@cps/persistence';
import { linkTokenNotFound } from './link-token-resource.js';
import { LinkTokenRepository } from './link-token.repository.js';

/** For the link flow: the team, customer and prefill a raw token stands for, with its current status. */
@Injectable()
export class ResolveLinkTokenUseCase {
  constructor(
    private readonly tokens: LinkTokenRepository,
    private readonly clock: Clock,
  ) {}

  async execute(linkToken: string): Promise<RpcResponse<typeof SyncContracts.resolveLinkToken>> {
    if (!isLinkTokenFormat(linkToken)) throw linkTokenNotFound();
    const token = await this.tokens.findByHashAcrossTeams(sha256(linkToken));
    if (!token) throw linkTokenNotFound();
    return {
      teamId: token.teamId,
      customer_id: token.customerId,
      email: token.email,
      mobile: token.mobile,
      tags: token.tags,
      status: linkTokenStatus(token, this.clock.now()),
      expires_at: token.expiresAt.toISOString(),
    };
  }
}
