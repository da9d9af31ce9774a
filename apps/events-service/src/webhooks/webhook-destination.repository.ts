import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { WebhookDestinationEntity } from './webhook-destination.entity.js';

export type DestinationChanges = Partial<
  Pick<
    WebhookDestinationEntity,
    'name' | 'url' | 'eventTypes' | 'isActive' | 'receiveSimulatedEvents' | 'disabledReason' | 'updatedAt'
  >
>;

/**
 * Webhook destinations; every read and write is scoped to a team. Changes go through the caller's transaction
 * (Transactor.run, which joins an audited request's: ADR 0022), so they commit with what the caller records.
 */
@Injectable()
export class WebhookDestinationRepository {
  constructor(
    @InjectRepository(WebhookDestinationEntity)
    private readonly destinations: Repository<WebhookDestinationEntity>,
  ) {}

  async create(tx: EntityManager, destination: WebhookDestinationEntity): Promise<void> {
    await tx.insert(WebhookDestinationEntity, destination);
  }

  async listForTeam(teamId: string): Promise<WebhookDestinationEntity[]> {
    return this.destinations.find({ where: { teamId }, order: { id: 'ASC' } });
  }

  /** Read in `manager` when given (a change's transaction: no second pooled connection). */
  async findOwned(
    teamId: string,
    id: string,
    manager: EntityManager = this.destinations.manager,
  ): Promise<WebhookDestinationEntity | null> {
    return manager.findOneBy(WebhookDestinationEntity, { teamId, id });
  }

  /** Applies the changes; returns the updated row, or null when the team has no such destination. */
  async update(
    tx: EntityManager,
    teamId: string,
    id: string,
    changes: DestinationChanges,
  ): Promise<WebhookDestinationEntity | null> {
    const result = await tx.update(WebhookDestinationEntity, { teamId, id }, changes);
    if (!result.affected) return null;
    return tx.findOneBy(WebhookDestinationEntity, { teamId, id });
  }

  /**
   * A new signing secret; the old one keeps signing next to it until `previousUntil` (null: it stops now, the
   * deliveries' claim reads it only while `previous_secret_until` is ahead). False for an unknown destination.
   */
  async rotateSecret(
    tx: EntityManager,
    teamId: string,
    id: string,
    sealed: string,
    previousUntil: Date | null,
  ): Promise<boolean> {
    const [, updated]: [unknown[], number] = await tx.query(
      `UPDATE events.webhook_destinations
          SET previous_secret_sealed = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE secret_sealed END,
              previous_secret_until = $4, secret_sealed = $3, updated_at = now()
        WHERE team_id = $1 AND id = $2`,
      [teamId, id, sealed, previousUntil],
    );
    return updated > 0;
  }

  /** Deletes the destination and (by cascade) its deliveries; false when the team has no such destination. */
  async delete(tx: EntityManager, teamId: string, id: string): Promise<boolean> {
    const result = await tx.delete(WebhookDestinationEntity, { teamId, id });
    return (result.affected ?? 0) > 0;
  }

  /** The team's active destinations, read in the caller's transaction (the event consumer's). */
  async activeForTeam(teamId: string, manager: EntityManager): Promise<WebhookDestinationEntity[]> {
    return manager.find(WebhookDestinationEntity, { where: { teamId, isActive: true }, order: { id: 'ASC' } });
  }
}
