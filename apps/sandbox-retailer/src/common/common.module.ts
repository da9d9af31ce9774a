import { Module } from '@nestjs/common';
import { AccountRepository } from '../accounts/account.repository.js';
import { ChallengeRepository } from '../accounts/challenge.repository.js';
import { SessionRepository } from '../accounts/session.repository.js';
import { FailureRuleRepository } from '../failures/failure-rule.repository.js';
import { OrderRepository } from '../orders/order.repository.js';
import { Clock, SystemClock } from './clock.js';
import { CryptoRandomness, Randomness } from './randomness.js';
import { SandboxRetailers } from './retailers.js';
import { Transactor, TypeOrmTransactor } from './transactor.js';

/**
 * The side-effect ports and the repositories. Repositories sit here rather than in their features
 * because the features use each other's tables (failure rules name accounts, sign-in consults failure
 * rules); keeping them below every feature module keeps the module graph acyclic.
 */
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: Randomness, useClass: CryptoRandomness },
    { provide: Transactor, useClass: TypeOrmTransactor },
    SandboxRetailers,
    AccountRepository,
    SessionRepository,
    ChallengeRepository,
    OrderRepository,
    FailureRuleRepository,
  ],
  exports: [
    Clock,
    Randomness,
    Transactor,
    SandboxRetailers,
    AccountRepository,
    SessionRepository,
    ChallengeRepository,
    OrderRepository,
    FailureRuleRepository,
  ],
})
export class CommonModule {}
