import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { changeRows, selectRows } from '../common/sql.js';

export interface StoredChallenge {
  accountId: string;
  retailerId: string;
  expiresAt: Date;
  /** Attempts made, including the one that is being recorded. */
  attempts: number;
  answeredAt: Date | null;
}

@Injectable()
export class ChallengeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(challenge: { idHash: string; accountId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await selectRows(
      this.db,
      `INSERT INTO sandbox.one_time_code_challenges (id_hash, account_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [challenge.idHash, challenge.accountId, challenge.createdAt, challenge.expiresAt],
    );
  }

  /** Counts one more answer to the challenge (atomically, so parallel guesses all count) and returns it. */
  async recordAttempt(idHash: string): Promise<StoredChallenge | null> {
    const { rows } = await changeRows<{
      account_id: string;
      retailer_id: string;
      expires_at: Date;
      attempts: number;
      answered_at: Date | null;
    }>(
      this.db,
      `UPDATE sandbox.one_time_code_challenges c SET attempts = c.attempts + 1
         FROM sandbox.accounts a
        WHERE c.id_hash = $1 AND a.id = c.account_id
        RETURNING c.account_id, a.retailer_id, c.expires_at, c.attempts, c.answered_at`,
      [idHash],
    );
    const row = rows[0];
    return row
      ? {
          accountId: row.account_id,
          retailerId: row.retailer_id,
          expiresAt: row.expires_at,
          attempts: row.attempts,
          answeredAt: row.answered_at,
        }
      : null;
  }

  /** Marks the challenge answered; false when another request answered it first. */
  async markAnswered(idHash: string, at: Date): Promise<boolean> {
    const { count } = await changeRows(
      this.db,
      `UPDATE sandbox.one_time_code_challenges SET answered_at = $2 WHERE id_hash = $1 AND answered_at IS NULL`,
      [idHash, at],
    );
    return count === 1;
  }

  /** Ends every pending challenge of the account (its password changed: the pending sign-ins used the old one). */
  async expirePending(tx: EntityManager, accountId: string, at: Date): Promise<void> {
    await changeRows(
      tx,
      `UPDATE sandbox.one_time_code_challenges SET expires_at = $2
        WHERE account_id = $1 AND answered_at IS NULL AND expires_at > $2`,
      [accountId, at],
    );
  }
}
