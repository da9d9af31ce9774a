import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { LinkTokenEntity } from './link-token.entity.js';

/** Link tokens, looked up by the SHA-256 of the raw token. Team reads take the team id. */
@Injectable()
export class LinkTokenRepository {
  constructor(
    @InjectRepository(LinkTokenEntity)
    private readonly tokens: Repository<LinkTokenEntity>,
  ) {}

  /**
   * Stores the token unless the team already used its idempotency key (a concurrent identical request
   * may have won); true when this row was stored. Tokens without a key are always stored.
   */
  async insert(token: LinkTokenEntity): Promise<boolean> {
    const rows: unknown[] = await this.tokens.query(
      `INSERT INTO sync.link_tokens (id, team_id, token_hash, customer_id, email, mobile, tags, created_at,
                                     expires_at, revoked_at, idempotency_key, request_hash, token_sealed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (team_id, idempotency_key) DO NOTHING
       RETURNING id`,
      [
        token.id,
        token.teamId,
        token.tokenHash,
        token.customerId,
        token.email,
        token.mobile,
        JSON.stringify(token.tags),
        token.createdAt,
        token.expiresAt,
        token.revokedAt,
        token.idempotencyKey,
        token.requestHash,
        token.tokenSealed,
      ],
    );
    return rows.length > 0;
  }

  async findByIdempotencyKey(teamId: string, idempotencyKey: string): Promise<LinkTokenEntity | null> {
    return this.tokens.findOneBy({ teamId, idempotencyKey });
  }

  /** The customer's tokens, newest first. */
  async listForCustomer(teamId: string, customerId: string): Promise<LinkTokenEntity[]> {
    return this.tokens.find({ where: { teamId, customerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Revokes one of the team's tokens; a token revoked before keeps its first `revoked_at`. Null when
   * the team has no such token.
   */
  async revokeOwned(teamId: string, tokenHash: string, at: Date): Promise<{ revokedAt: Date } | null> {
    // For UPDATE, TypeORM's query() answers [rows, affected].
    const [rows]: [Array<{ revoked_at: Date }>, number] = await this.tokens.query(
      `UPDATE sync.link_tokens SET revoked_at = COALESCE(revoked_at, $3)
        WHERE team_id = $1 AND token_hash = $2
        RETURNING revoked_at`,
      [teamId, tokenHash, at],
    );
    const row = rows[0];
    return row ? { revokedAt: row.revoked_at } : null;
  }

  /** One of the team's tokens by id (the link flow re-checks the token it started from). */
  async findOwned(teamId: string, id: string): Promise<LinkTokenEntity | null> {
    return this.tokens.findOneBy({ teamId, id });
  }

  /**
   * The token with this hash, whatever its team: only for the link flow, where the raw token is the
   * credential that names the team.
   */
  async findByHashAcrossTeams(tokenHash: string): Promise<LinkTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }
}
