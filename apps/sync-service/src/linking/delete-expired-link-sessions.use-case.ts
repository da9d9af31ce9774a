import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { EXPIRED_LINK_SESSION_RETENTION_MS } from './link-session-rules.js';
import { LinkSessionRepository } from './link-session.repository.js';

/** Housekeeping: link sessions a day after they expired (whatever they kept sealed goes with them). */
@Injectable()
export class DeleteExpiredLinkSessionsUseCase {
  constructor(
    private readonly sessions: LinkSessionRepository,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    return this.sessions.deleteExpired(new Date(this.clock.now().getTime() - EXPIRED_LINK_SESSION_RETENTION_MS));
  }
}
