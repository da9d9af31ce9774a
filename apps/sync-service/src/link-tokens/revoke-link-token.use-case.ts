import { Injectable } from '@nestjs/common';
import { isLinkTokenFormat, Clock } from '@cps/domain';
import { sha256 } from '@cps/persistence';
import { linkTokenNotFound } from './link-token-resource.js';
import { LinkTokenRepository } from './link-token.repository.js';

/**
 * DELETE /link-tokens/{token}: an owned active, expired or revoked token ends up revoked (the first
 * `revoked_at` stays). Connections made through it are not touched.
 */
@Injectable()
export class RevokeLinkTokenUseCase {
  constructor(
    private readonly tokens: LinkTokenRepository,
    private readonly clock: Clock,
  ) {}

  async execute(teamId: string, linkToken: string): Promise<{ revoked: true }> {
    if (!isLinkTokenFormat(linkToken)) throw linkTokenNotFound();
    const revoked = await this.tokens.revokeOwned(teamId, sha256(linkToken), this.clock.now());
    if (!revoked) throw linkTokenNotFound();
    return { revoked: true };
  }
}
