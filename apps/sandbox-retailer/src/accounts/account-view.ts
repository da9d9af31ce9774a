import { type Account, type AccountStats } from './account.repository.js';

/** An account as the admin API shows it: never the password, but the test one-time code (that is its point). */
export function toAccountView(account: Account, stats?: AccountStats) {
  return {
    account_id: account.id,
    retailer_id: account.retailerId,
    email: account.email,
    one_time_code: account.oneTimeCode,
    ...(stats ? { order_count: stats.orderCount, active_sessions: stats.activeSessions } : {}),
    password_changed_at: account.passwordChangedAt.toISOString(),
    created_at: account.createdAt.toISOString(),
  };
}

export type AccountView = ReturnType<typeof toAccountView>;
