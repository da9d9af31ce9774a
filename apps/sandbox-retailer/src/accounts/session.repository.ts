import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { changeRows, selectRows } from '../common/sql.js';

export type RevocationReason = 'password_changed' | 'signed_out';

export interface StoredSession {
  accountId: string;
  retailerId: string;
  expiresAt: Date;
  revokedReason: RevocationReason | null;
}

@Injectable()
export class SessionRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(session: { tokenHash: string; accountId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await selectRows(
      this.db,
      `INSERT INTO sandbox.sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
      [session.tokenHash, session.accountId, session.createdAt, session.expiresAt],
    );
  }

  async findByTokenHash(tokenHash: string): Promise<StoredSession | null> {
    const [row] = await selectRows<{
      account_id: string;
      retailer_id: string;
      expires_at: Date;
      revoked_reason: RevocationReason | null;
    }>(
      this.db,
      `SELECT s.account_id, a.retailer_id, s.expires_at, s.revoked_reason
         FROM sandbox.sessions s JOIN sandbox.accounts a ON a.id = s.account_id
        WHERE s.token_hash = $1`,
      [tokenHash],
    );
    return row
      ? {
          accountId: row.account_id,
          retailerId: row.retailer_id,
          expiresAt: row.expires_at,
          revokedReason: row.revoked_reason,
        }
      : null;
  }

  /** Makes every live session of the account expire at `at`; returns how many there were. */
  async expireAll(accountId: string, at: Date): Promise<number> {
    const { count } = await changeRows(
      this.db,
      `UPDATE sandbox.sessions SET expires_at = $2
        WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [accountId, at],
    );
    return count;
  }

  async revoke(tokenHash: string, reason: RevocationReason, at: Date): Promise<void> {
    await changeRows(
      this.db,
      `UPDATE sandbox.sessions SET revoked_at = $2, revoked_reason = $3 WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash, at, reason],
    );
  }

  /** Revokes every live session of the account; returns how many there were. */
  async revokeAll(tx: EntityManager, accountId: string, reason: RevocationReason, at: Date): Promise<number> {
    const { count } = await changeRows(
      tx,
      `UPDATE sandbox.sessions SET revoked_at = $2, revoked_reason = $3
        WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [accountId, at, reason],
    );
    return count;
  }
}
