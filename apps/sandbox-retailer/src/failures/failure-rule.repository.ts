import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { changeRows, selectRows } from '../common/sql.js';
import { type FailureKind, type FailureRule, type FailureScope } from './failure-plan.js';

interface FailureRuleRow {
  id: string;
  retailer_id: string;
  account_id: string | null;
  account_email: string | null;
  scope: FailureScope;
  kind: FailureKind;
  delay_ms: number;
  status: number | null;
  retry_after_seconds: number | null;
  remaining: number | null;
  expires_at: Date | null;
  created_at: Date;
}

const toRule = (row: FailureRuleRow): FailureRule => ({
  id: row.id,
  retailerId: row.retailer_id,
  accountId: row.account_id,
  accountEmail: row.account_email,
  scope: row.scope,
  kind: row.kind,
  delayMs: row.delay_ms,
  status: row.status,
  retryAfterSeconds: row.retry_after_seconds,
  remaining: row.remaining,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
});

@Injectable()
export class FailureRuleRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(rule: FailureRule): Promise<void> {
    await selectRows(
      this.db,
      `INSERT INTO sandbox.failure_rules
         (id, retailer_id, account_id, scope, kind, delay_ms, status, retry_after_seconds, remaining, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        rule.id,
        rule.retailerId,
        rule.accountId,
        rule.scope,
        rule.kind,
        rule.delayMs,
        rule.status,
        rule.retryAfterSeconds,
        rule.remaining,
        rule.expiresAt,
        rule.createdAt,
      ],
    );
  }

  /** The retailer's rules that can still fire (not used up, not expired), oldest first. */
  async listLive(retailerId: string, now: Date): Promise<FailureRule[]> {
    const rows = await selectRows<FailureRuleRow>(
      this.db,
      `SELECT f.id, f.retailer_id, f.account_id, f.scope, f.kind, f.delay_ms, f.status, f.retry_after_seconds,
              f.remaining, f.expires_at, f.created_at, a.email AS account_email
         FROM sandbox.failure_rules f LEFT JOIN sandbox.accounts a ON a.id = f.account_id
        WHERE f.retailer_id = $1 AND (f.remaining IS NULL OR f.remaining > 0) AND (f.expires_at IS NULL OR f.expires_at > $2)
        ORDER BY f.created_at, f.id`,
      [retailerId, now],
    );
    return rows.map(toRule);
  }

  /**
   * Uses one answer of each rule; returns the ids that still had one. Two parallel calls racing for a
   * rule's last answer: exactly one gets it.
   */
  async consume(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await changeRows<{ id: string }>(
      this.db,
      `UPDATE sandbox.failure_rules SET remaining = remaining - 1
        WHERE id = ANY($1) AND (remaining IS NULL OR remaining > 0)
        RETURNING id`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  async delete(retailerId: string, id: string): Promise<boolean> {
    const { count } = await changeRows(
      this.db,
      `DELETE FROM sandbox.failure_rules WHERE retailer_id = $1 AND id = $2`,
      [retailerId, id],
    );
    return count === 1;
  }

  async deleteAll(retailerId: string): Promise<number> {
    const { count } = await changeRows(this.db, `DELETE FROM sandbox.failure_rules WHERE retailer_id = $1`, [
      retailerId,
    ]);
    return count;
  }
}
