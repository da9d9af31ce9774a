import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { FailureRuleRepository } from './failure-rule.repository.js';
import { toFailureView, type FailureView } from './failure-view.js';

/** The retailer's failure rules that can still fire. */
@Injectable()
export class ListFailuresUseCase {
  constructor(
    private readonly rules: FailureRuleRepository,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string): Promise<{ failures: FailureView[] }> {
    const rules = await this.rules.listLive(retailerId, this.clock.now());
    return { failures: rules.map(toFailureView) };
  }
}
