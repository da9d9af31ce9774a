import { AuthContracts, type Envelope, type EventData } from '@cps/contracts';
import { EventConsumer, type EventHandlerDefinition } from '@cps/messaging';
import { type EntityManager } from 'typeorm';

type Locked = typeof AuthContracts.signInLocked;

/**
 * Durable consumer `dashboard-sign-in-locked`: too many wrong passwords locked a member's sign-in (on the dashboard or
 * the OAuth/connector sign-in page); the team's audit log shows it, with the address the guesses came from.
 */
@EventConsumer()
export class SignInLockedHandler implements EventHandlerDefinition<Locked> {
  readonly name = 'sign-in-locked';
  readonly event = AuthContracts.signInLocked;

  async handle(envelope: Envelope<EventData<Locked>>, manager: EntityManager): Promise<void> {
    const { teamId, email, failures, lockedSeconds, address } = envelope.data;
    const minutes = Math.max(1, Math.round(lockedSeconds / 60));
    await manager.query(
      `INSERT INTO dashboard.audit_log (team_id, at, actor_email, area, action, target) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        teamId,
        envelope.occurredAt,
        email,
        'people',
        `Sign-in locked for ${minutes} minute${minutes === 1 ? '' : 's'} after ${failures} failed attempts`,
        address ? `from ${address}` : '',
      ],
    );
  }
}
