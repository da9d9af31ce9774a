/** Which calls a rule hits: signing in (password and one-time code), reading orders, or both. */
export type FailureScope = 'all' | 'sign_in' | 'orders';
export type FailureKind = 'delay' | 'rate_limit' | 'server_error';

export interface FailureRule {
  id: string;
  retailerId: string;
  /** null: every account of the retailer. */
  accountId: string | null;
  accountEmail: string | null;
  scope: FailureScope;
  kind: FailureKind;
  delayMs: number;
  /** 429 for rate_limit, 5xx for server_error, null for delay. */
  status: number | null;
  retryAfterSeconds: number | null;
  /** Answers left before the rule stops applying; null: until deleted or expired. */
  remaining: number | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface FailurePlan {
  /** The delay rules; the answer waits for the longest of them and of the error rule's own delay. */
  delays: FailureRule[];
  /** The rule whose error replaces the answer, if any. */
  error: FailureRule | null;
}

export interface FailureCall {
  accountId: string | null;
  scope: Exclude<FailureScope, 'all'>;
  now: Date;
}

/** True when the rule applies to a call of `scope` by `accountId` (null: the caller's account is unknown). */
export function ruleApplies(rule: FailureRule, call: FailureCall): boolean {
  if (rule.scope !== 'all' && rule.scope !== call.scope) return false;
  if (rule.accountId !== null && rule.accountId !== call.accountId) return false;
  if (rule.expiresAt && rule.expiresAt.getTime() <= call.now.getTime()) return false;
  return rule.remaining === null || rule.remaining > 0;
}

/**
 * What a call suffers from the applicable rules: every delay (they overlap, so the longest wins) and at
 * most one error, the account's own before the retailer-wide ones, oldest first, so a test that adds
 * "the next 2 answers are 503" gets exactly that.
 */
export function planFailure(applicable: readonly FailureRule[]): FailurePlan {
  const delays = applicable.filter((rule) => rule.kind === 'delay');
  const errors = applicable
    .filter((rule) => rule.kind !== 'delay')
    .sort(
      (a, b) =>
        Number(a.accountId === null) - Number(b.accountId === null) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    );
  return { delays, error: errors[0] ?? null };
}

/** How long the answer waits: the longest delay among the rules that were applied (error rules may be slow too). */
export function longestDelay(rules: readonly FailureRule[]): number {
  return rules.reduce((longest, rule) => Math.max(longest, rule.delayMs), 0);
}
