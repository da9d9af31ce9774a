import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module.js';
import { ClearFailuresUseCase } from './clear-failures.use-case.js';
import { FailureInjector } from './failure-injector.js';
import { InjectFailureUseCase } from './inject-failure.use-case.js';
import { ListFailuresUseCase } from './list-failures.use-case.js';

@Module({
  imports: [CommonModule],
  providers: [FailureInjector, InjectFailureUseCase, ListFailuresUseCase, ClearFailuresUseCase],
  exports: [FailureInjector, InjectFailureUseCase, ListFailuresUseCase, ClearFailuresUseCase],
})
export class FailuresModule {}
