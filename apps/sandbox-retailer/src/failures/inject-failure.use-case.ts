import { Injectable } from '@nestjs/common';
import { ulid } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { AccountRepository } from '../accounts/account.repository.js';
import { normalizeEmail } from '../accounts/secrets.js';
import { notFound } from '../common/sandbox-error.js';
import { type FailureKind, type FailureRule, type FailureScope } from './failure-plan.js';
import { FailureRuleRepository } from './failure-rule.repository.js';
import { toFailureView, type FailureView } from './failure-view.js';

export interface FailureRequest {
  /** Only this account's calls; omitted: every call to the retailer. */
  accountEmail?: string;
  kind: FailureKind;
  scope: FailureScope;
  delayMs: number;
  /** For server_error: the 5xx to answer (default 503). */
  status?: number;
  retryAfterSeconds?: number;
  /** How many answers fail; omitted: until deleted or expired. */
  times?: number;
  /** For how long the rule lasts; omitted: until deleted or used up. */
  forSeconds?: number;
}

@Injectable()
export class InjectFailureUseCase {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly rules: FailureRuleRepository,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, request: FailureRequest): Promise<FailureView> {
    let account = null;
    if (request.accountEmail !== undefined) {
      account = await this.accounts.findByEmail(retailerId, normalizeEmail(request.accountEmail));
      if (!account) throw notFound(`no ${retailerId} account ${request.accountEmail}`);
    }
    const now = this.clock.now();
    const status = { delay: null, rate_limit: 429, server_error: request.status ?? 503 }[request.kind];
    const rule: FailureRule = {
      id: ulid(),
      retailerId,
      accountId: account?.id ?? null,
      accountEmail: account?.email ?? null,
      scope: request.scope,
      kind: request.kind,
      delayMs: request.delayMs,
      status,
      retryAfterSeconds: request.retryAfterSeconds ?? (request.kind === 'rate_limit' ? 30 : null),
      remaining: request.times ?? null,
      expiresAt: request.forSeconds === undefined ? null : new Date(now.getTime() + request.forSeconds * 1_000),
      createdAt: now,
    };
    await this.rules.insert(rule);
    return toFailureView(rule);
  }
}
