import { Injectable } from '@nestjs/common';
import { type LinkTokenStatus, Clock } from '@cps/domain';
import { toLinkTokenMetadata, type LinkTokenMetadata } from './link-token-resource.js';
import { LinkTokenRepository } from './link-token.repository.js';

/**
 * GET /link-tokens: one customer's tokens, newest first, metadata only, no pagination (seed). The
 * status filter applies the computed status, so it can never disagree with the status shown.
 */
@Injectable()
export class ListLinkTokensUseCase {
  constructor(
    private readonly tokens: LinkTokenRepository,
    private readonly clock: Clock,
  ) {}

  async execute(
    teamId: string,
    customerId: string,
    status?: LinkTokenStatus,
  ): Promise<{ link_tokens: LinkTokenMetadata[] }> {
    const now = this.clock.now();
    const tokens = (await this.tokens.listForCustomer(teamId, customerId)).map((token) =>
      toLinkTokenMetadata(token, now),
    );
    return { link_tokens: status ? tokens.filter((token) => token.status === status) : tokens };
  }
}
