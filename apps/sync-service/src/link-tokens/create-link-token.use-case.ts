import { Injectable } from '@nestjs/common';
import {
  formatLinkToken,
  LINK_TOKEN_RANDOM_BYTES,
  linkTokenExpiry,
  linkTokenRequestIdentity,
  Clock,
  Randomness,
} from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox, sha256 } from '@cps/persistence';
import { LINK_TOKEN_LIFETIME_DAYS, ulid } from '@cps/contracts';
import { toLinkTokenMetadata, type LinkTokenMetadata } from './link-token-resource.js';
import { type LinkTokenEntity } from './link-token.entity.js';
import { LinkTokenRepository } from './link-token.repository.js';

export interface CreateLinkTokenCommand {
  teamId: string;
  customerId: string;
  email?: string | null;
  mobile?: string | null;
  tags?: Record<string, string>;
  expiresInDays?: number;
  idempotencyKey?: string;
}

export type CreatedLinkToken = LinkTokenMetadata & { link_token: string };

/**
 * POST /link-tokens. The raw token is returned here and stored only as its SHA-256. With an idempotency
 * key, an identical request (same canonical fields) returns the token the first one created, which is
 * why that token is also kept sealed; the same key with a different request is refused.
 */
@Injectable()
export class CreateLinkTokenUseCase {
  constructor(
    private readonly tokens: LinkTokenRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly random: Randomness,
  ) {}

  async execute(command: CreateLinkTokenCommand): Promise<CreatedLinkToken> {
    const { teamId, idempotencyKey } = command;
    const expiresInDays = command.expiresInDays ?? LINK_TOKEN_LIFETIME_DAYS.default;
    const requestHash =
      idempotencyKey === undefined
        ? null
        : sha256(
            linkTokenRequestIdentity({
              customer_id: command.customerId,
              email: command.email,
              mobile: command.mobile,
              tags: command.tags,
              expires_in_days: expiresInDays,
            }),
          );
    if (idempotencyKey !== undefined && requestHash !== null) {
      const previous = await this.tokens.findByIdempotencyKey(teamId, idempotencyKey);
      if (previous) return this.replay(previous, requestHash);
    }

    const now = this.clock.now();
    const linkToken = formatLinkToken(this.random.secret(LINK_TOKEN_RANDOM_BYTES));
    const row: LinkTokenEntity = {
      id: ulid(now.getTime()),
      teamId,
      tokenHash: sha256(linkToken),
      customerId: command.customerId,
      email: command.email ?? null,
      mobile: command.mobile ?? null,
      tags: command.tags ?? {},
      createdAt: now,
      expiresAt: linkTokenExpiry(now, expiresInDays),
      revokedAt: null,
      idempotencyKey: idempotencyKey ?? null,
      requestHash,
      tokenSealed: idempotencyKey === undefined ? null : this.secrets.seal(linkToken),
    };
    if (await this.tokens.insert(row)) return { ...toLinkTokenMetadata(row, now), link_token: linkToken };

    // A concurrent request with the same key stored its token first: answer as a retry of that one.
    const winner = idempotencyKey === undefined ? null : await this.tokens.findByIdempotencyKey(teamId, idempotencyKey);
    if (!winner || requestHash === null) throw new Error('link token insert conflicted without an idempotency key');
    return this.replay(winner, requestHash);
  }

  private replay(previous: LinkTokenEntity, requestHash: string): CreatedLinkToken {
    if (previous.requestHash !== requestHash || !previous.tokenSealed) {
      throw new RpcRefusal(422, [
        {
          loc: ['header', 'x-service-idempotency-key'],
          msg: 'idempotency key reused with a different request',
          type: 'value_error',
        },
      ]);
    }
    // The current status: a retry after a revoke or after expiry says so.
    return { ...toLinkTokenMetadata(previous, this.clock.now()), link_token: this.secrets.open(previous.tokenSealed) };
  }
}
