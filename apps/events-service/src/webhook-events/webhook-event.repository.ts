import { Injectable } from '@nestjs/common';
import { type WebhookEventType } from '@cps/contracts';
import { type EntityManager } from 'typeorm';

/** A `webhook_events` row: a brand's event, or a partner app's copy of one (its own id, never simulated). */
export interface StoredWebhookEvent {
  id: string;
  teamId: string;
  type: WebhookEventType;
  isSimulated: boolean;
  body: object;
}

@Injectable()
export class WebhookEventRepository {
  /** Stores the events in one statement, each body as the exact text every attempt will send and sign. */
  async insertMany(manager: EntityManager, events: readonly StoredWebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    await manager.query(
      `INSERT INTO events.webhook_events (id, team_id, type, is_simulated, payload)
       SELECT id, team_id, type, is_simulated, payload::json
         FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[])
           AS t (id, team_id, type, is_simulated, payload)`,
      [
        events.map((e) => e.id),
        events.map((e) => e.teamId),
        events.map((e) => e.type),
        events.map((e) => e.isSimulated),
        events.map((e) => JSON.stringify(e.body)),
      ],
    );
  }
}
