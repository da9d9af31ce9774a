import { Injectable } from '@nestjs/common';
import { notFound } from '../common/sandbox-error.js';
import { FailureRuleRepository } from './failure-rule.repository.js';

/** Removes one failure rule, or all of the retailer's: the retailer behaves again. */
@Injectable()
export class ClearFailuresUseCase {
  constructor(private readonly rules: FailureRuleRepository) {}

  async execute(retailerId: string, failureId?: string): Promise<void> {
    if (failureId === undefined) {
      await this.rules.deleteAll(retailerId);
      return;
    }
    if (!(await this.rules.delete(retailerId, failureId))) throw notFound(`no failure ${failureId} at ${retailerId}`);
  }
}
