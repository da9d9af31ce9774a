import { Module } from '@nestjs/common';
import { AccountRepository } from '../accounts/account.repository.js';
import { ChallengeRepository } from '../accounts/challenge.repository.js';
import { SessionRepository } from '../accounts/session.repository.js';
import { FailureRuleRepository } from '../failures/failure-rule.repository.js';
import { OrderRepository } from '../orders/order.repository.js';
import { SandboxRetailers } from './retailers.js';

const REPOSITORIES = [
  SandboxRetailers,
  AccountRepository,
  SessionRepository,
  ChallengeRepository,
  OrderRepository,
  FailureRuleRepository,
];

/**
 * The repositories (the side-effect ports are PlatformModule's). Repositories sit here rather than in their features
 * because the features use each other's tables (failure rules name accounts, sign-in consults failure
 * rules); keeping them below every feature module keeps the module graph acyclic.
 */
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class CommonModule {}
