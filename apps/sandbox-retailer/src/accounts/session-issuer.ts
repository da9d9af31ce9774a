import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { SANDBOX_CONFIG } from '../common/sandbox-config.js';
import { type SandboxConfig } from '../config.js';
import { newSecret } from './secrets.js';
import { SessionRepository } from './session.repository.js';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** Opens a session for an account that proved who it is (password, and the code when it has one). */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    @Inject(SANDBOX_CONFIG) private readonly config: Pick<SandboxConfig, 'SANDBOX_SESSION_TTL_SECONDS'>,
  ) {}

  async open(accountId: string): Promise<IssuedSession> {
    const now = this.clock.now();
    const { secret, hash } = newSecret('sbx_sess_');
    const expiresAt = new Date(now.getTime() + this.config.SANDBOX_SESSION_TTL_SECONDS * 1_000);
    await this.sessions.insert({ tokenHash: hash, accountId, createdAt: now, expiresAt });
    return { token: secret, expiresAt };
  }
}
