import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { hashSecret } from './secrets.js';
import { SessionAuthenticator } from './session-authenticator.js';
import { SessionRepository } from './session.repository.js';

/** Ends the caller's session; later calls with it are 401 `session_revoked`. */
@Injectable()
export class SignOutUseCase {
  constructor(
    private readonly authenticator: SessionAuthenticator,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, token: string | null): Promise<void> {
    await this.authenticator.authenticate(retailerId, token, 'sign_in');
    await this.sessions.revoke(hashSecret(token ?? ''), 'signed_out', this.clock.now());
  }
}
