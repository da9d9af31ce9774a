import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Counter } from 'prom-client';
import { ServiceMetrics } from '@cps/observability';
import { Clock } from '@cps/domain';
import { SandboxError } from '../common/sandbox-error.js';
import { type FailureCall, longestDelay, planFailure, ruleApplies } from './failure-plan.js';
import { FailureRuleRepository } from './failure-rule.repository.js';

/**
 * Makes the retailer misbehave the way the admin asked: a retailer-facing call first passes here, and
 * may be slowed down, refused with 429 and Retry-After, or answered with a 5xx.
 */
@Injectable()
export class FailureInjector {
  private readonly injected: Counter<'retailer' | 'kind'>;

  constructor(
    private readonly rules: FailureRuleRepository,
    private readonly clock: Clock,
    metrics: ServiceMetrics,
  ) {
    this.injected = new Counter({
      name: 'sandbox_injected_failures_total',
      help: 'Failures the sandbox injected into retailer-facing answers, by retailer and kind',
      labelNames: ['retailer', 'kind'] as const,
      registers: [metrics.registry],
    });
  }

  async apply(retailerId: string, call: Omit<FailureCall, 'now'>): Promise<void> {
    const now = this.clock.now();
    const applicable = (await this.rules.listLive(retailerId, now)).filter((rule) =>
      ruleApplies(rule, { ...call, now }),
    );
    if (applicable.length === 0) return;
    const plan = planFailure(applicable);
    const chosen = [...plan.delays, ...(plan.error ? [plan.error] : [])];
    const consumed = await this.rules.consume(chosen.map((rule) => rule.id));
    const applied = chosen.filter((rule) => consumed.has(rule.id));
    for (const rule of applied) this.injected.inc({ retailer: retailerId, kind: rule.kind });

    const delayMs = longestDelay(applied);
    if (delayMs > 0) await sleep(delayMs);
    const error = plan.error && consumed.has(plan.error.id) ? plan.error : null;
    if (!error) return;
    if (error.kind === 'rate_limit') {
      const retryAfter = String(error.retryAfterSeconds ?? 30);
      throw new SandboxError(429, 'rate_limited', 'too many requests, slow down', { 'Retry-After': retryAfter });
    }
    const headers: Record<string, string> =
      error.retryAfterSeconds === null ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
    throw new SandboxError(error.status ?? 503, 'server_error', 'the retailer is having trouble', headers);
  }
}
