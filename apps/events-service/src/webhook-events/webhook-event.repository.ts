import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type NewWebhookEvent } from './webhook-event-bodies.js';

@Injectable()
export class WebhookEventRepository {
  /** Stores the event with its body as the exact text every attempt will send and sign. */
  async insert(manager: EntityManager, event: NewWebhookEvent): Promise<void> {
    await manager.query(
      `INSERT INTO events.webhook_events (id, team_id, type, is_simulated, payload) VALUES ($1, $2, $3, $4, $5::json)`,
      [event.id, event.teamId, event.type, event.isSimulated, JSON.stringify(event.body)],
    );
  }
}
