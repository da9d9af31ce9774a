import { type FailureRule } from './failure-plan.js';

/** A failure rule as the admin API shows it. */
export function toFailureView(rule: FailureRule) {
  return {
    failure_id: rule.id,
    retailer_id: rule.retailerId,
    account_email: rule.accountEmail,
    scope: rule.scope,
    kind: rule.kind,
    delay_ms: rule.delayMs,
    status: rule.status,
    retry_after_seconds: rule.retryAfterSeconds,
    remaining: rule.remaining,
    expires_at: rule.expiresAt?.toISOString() ?? null,
    created_at: rule.createdAt.toISOString(),
  };
}

export type FailureView = ReturnType<typeof toFailureView>;
