import { Injectable } from '@nestjs/common';
import { ulid } from '@cps/contracts';
import { nextAttemptAt, Clock, Randomness } from '@cps/domain';
import { DeliverySettings } from '../settings.js';
import { type NewDelivery } from './delivery.repository.js';

/** The pending deliveries a fan-out queues for a new webhook event (webhook destinations, partner apps). */
@Injectable()
export class FirstDeliveries {
  constructor(
    private readonly settings: DeliverySettings,
    private readonly clock: Clock,
    private readonly randomness: Randomness,
  ) {}

  /**
   * One delivery of the event per destination, all due at the retry schedule's first step (jittered); none when
   * the schedule is empty (config requires at least one entry), so the event is then not stored either.
   */
  of(teamId: string, eventId: string, destinationIds: readonly string[]): NewDelivery[] {
    const firstAttempt = nextAttemptAt(0, this.settings.retrySchedule, this.clock.now(), () =>
      this.randomness.fraction(),
    );
    if (!firstAttempt) return [];
    return destinationIds.map((destinationId) => ({
      id: ulid(),
      teamId,
      destinationId,
      eventId,
      nextAttemptAt: firstAttempt,
    }));
  }
}
