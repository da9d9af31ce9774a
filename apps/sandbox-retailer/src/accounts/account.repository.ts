import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { changeRows, selectRows } from '../common/sql.js';

export interface Account {
  id: string;
  retailerId: string;
  email: string;
  passwordHash: string;
  oneTimeCode: string | null;
  passwordChangedAt: Date;
  createdAt: Date;
}

export interface AccountStats {
  orderCount: number;
  activeSessions: number;
}

interface AccountRow {
  id: string;
  retailer_id: string;
  email: string;
  password_hash: string;
  one_time_code: string | null;
  password_changed_at: Date;
  created_at: Date;
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  retailerId: row.retailer_id,
  email: row.email,
  passwordHash: row.password_hash,
  oneTimeCode: row.one_time_code,
  passwordChangedAt: row.password_changed_at,
  createdAt: row.created_at,
});

/** Accounts are per retailer: the same email at two retailers is two accounts. */
@Injectable()
export class AccountRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts the account; false when the retailer already has an account with that email. */
  async insert(account: Account): Promise<boolean> {
    const rows = await selectRows(
      this.db,
      `INSERT INTO sandbox.accounts (id, retailer_id, email, password_hash, one_time_code, password_changed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (retailer_id, email) DO NOTHING
       RETURNING id`,
      [
        account.id,
        account.retailerId,
        account.email,
        account.passwordHash,
        account.oneTimeCode,
        account.passwordChangedAt,
        account.createdAt,
      ],
    );
    return rows.length === 1;
  }

  async findByEmail(retailerId: string, email: string): Promise<Account | null> {
    const rows = await selectRows<AccountRow>(
      this.db,
      `SELECT * FROM sandbox.accounts WHERE retailer_id = $1 AND email = $2`,
      [retailerId, email],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async findById(id: string): Promise<Account | null> {
    const rows = await selectRows<AccountRow>(this.db, `SELECT * FROM sandbox.accounts WHERE id = $1`, [id]);
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async stats(accountId: string, now: Date): Promise<AccountStats> {
    const [row] = await selectRows<{ order_count: number; active_sessions: number }>(
      this.db,
      `SELECT (SELECT count(*) FROM sandbox.orders WHERE account_id = $1)::int AS order_count,
              (SELECT count(*) FROM sandbox.sessions
                WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > $2)::int AS active_sessions`,
      [accountId, now],
    );
    return { orderCount: row?.order_count ?? 0, activeSessions: row?.active_sessions ?? 0 };
  }

  async updatePassword(tx: EntityManager, accountId: string, passwordHash: string, at: Date): Promise<void> {
    await changeRows(tx, `UPDATE sandbox.accounts SET password_hash = $2, password_changed_at = $3 WHERE id = $1`, [
      accountId,
      passwordHash,
      at,
    ]);
  }

  /**
   * Reserves `count` consecutive order numbers of the account. The row lock is held until the caller's
   * transaction ends, so an account's orders become visible in the order of their numbers and a reader
   * listing "after number n" never skips one.
   */
  async reserveOrderNumbers(tx: EntityManager, accountId: string, count: number): Promise<number> {
    const { rows } = await changeRows<{ last_order_seq: string }>(
      tx,
      `UPDATE sandbox.accounts SET last_order_seq = last_order_seq + $2 WHERE id = $1 RETURNING last_order_seq`,
      [accountId, count],
    );
    const last = rows[0];
    if (!last) throw new Error(`account ${accountId} vanished`);
    return Number(last.last_order_seq) - count + 1;
  }
}
