import { apiChangeRecorded, type ApiChangeRecorded, type Envelope } from '@cps/contracts';
import { EventConsumer, type EventHandlerDefinition } from '@cps/messaging';
import { type EntityManager } from 'typeorm';
import { AUDIT_AREAS } from './audit-log.js';

type Context = keyof typeof apiChangeRecorded;

/**
 * Changes made through the REST API (an API key or an authorized app): the service that made each one recorded
 * `<context>.api-change.recorded.v1` in the change's transaction; the team's audit log shows it with the key's name
 * as the actor. One durable consumer per producing service (`dashboard-api-changes-<context>`).
 */
abstract class ApiChangeHandler implements EventHandlerDefinition<(typeof apiChangeRecorded)[Context]> {
  abstract readonly name: string;
  abstract readonly event: (typeof apiChangeRecorded)[Context];

  async handle(envelope: Envelope<ApiChangeRecorded>, manager: EntityManager): Promise<void> {
    if (!envelope.teamId) return;
    const { actor, area, action, target } = envelope.data;
    await manager.query(
      `INSERT INTO dashboard.audit_log (team_id, at, actor_email, area, action, target) VALUES ($1, $2, $3, $4, $5, $6)`,
      [envelope.teamId, envelope.occurredAt, actor, area in AUDIT_AREAS ? area : 'other', action, target.slice(0, 500)],
    );
  }
}

@EventConsumer()
export class SyncApiChangeHandler extends ApiChangeHandler {
  readonly name = 'api-changes-sync';
  readonly event = apiChangeRecorded.sync;
}

@EventConsumer()
export class MatchingApiChangeHandler extends ApiChangeHandler {
  readonly name = 'api-changes-matching';
  readonly event = apiChangeRecorded.matching;
}

@EventConsumer()
export class EventsApiChangeHandler extends ApiChangeHandler {
  readonly name = 'api-changes-events';
  readonly event = apiChangeRecorded.events;
}
