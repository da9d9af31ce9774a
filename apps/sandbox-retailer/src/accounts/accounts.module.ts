import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module.js';
import { FailuresModule } from '../failures/failures.module.js';
import { AccountLookup } from './account-lookup.js';
import { AnswerOneTimeCodeUseCase } from './answer-one-time-code.use-case.js';
import { ChangePasswordUseCase } from './change-password.use-case.js';
import { CreateAccountUseCase } from './create-account.use-case.js';
import { ExpireSessionsUseCase } from './expire-sessions.use-case.js';
import { GetAccountUseCase } from './get-account.use-case.js';
import { SessionAuthenticator } from './session-authenticator.js';
import { SessionIssuer } from './session-issuer.js';
import { SignInUseCase } from './sign-in.use-case.js';
import { SignOutUseCase } from './sign-out.use-case.js';

const useCases = [
  CreateAccountUseCase,
  GetAccountUseCase,
  ChangePasswordUseCase,
  ExpireSessionsUseCase,
  SignInUseCase,
  AnswerOneTimeCodeUseCase,
  SignOutUseCase,
];

@Module({
  imports: [CommonModule, FailuresModule],
  providers: [AccountLookup, SessionIssuer, SessionAuthenticator, ...useCases],
  exports: [AccountLookup, SessionAuthenticator, ...useCases],
})
export class AccountsModule {}
