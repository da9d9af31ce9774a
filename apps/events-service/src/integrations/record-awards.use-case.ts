import { Injectable } from '@nestjs/common';
import { ulid, type Connection, type EventsContracts, type PurchaseDetail } from '@cps/contracts';
import { purchasePoints, Clock } from '@cps/domain';
import { type Transaction } from '@cps/persistence';
import { AwardRepository, type NewAward } from './award.repository.js';
import { IntegrationRepository, type IntegrationRow } from './integration.repository.js';

/** The connection's value for the identifier the integration names its customers by. */
export function customerValueOf(
  connection: Pick<Connection, 'customer_id' | 'email' | 'mobile'>,
  identifier: EventsContracts.CustomerIdentifier,
): string | null {
  switch (identifier) {
    case 'email':
      return connection.email;
    case 'customer_id':
      return connection.customer_id;
    case 'mobile':
      return connection.mobile;
  }
}

/** One `purchase.created` fact: the team from its envelope (tenancy), the purchase and when it happened. */
export interface PurchaseCreated {
  teamId: string;
  purchase: PurchaseDetail;
  occurredAt: Date;
}

/**
 * Simulated events reach only integrations that accept them; an integration acts on facts from its creation on
 * (a consumer catching up on older events, e.g. the first start of a new consumer, awards nothing for them).
 */
function accepts(integration: IntegrationRow, isSimulated: boolean, occurredAt: Date): boolean {
  if (occurredAt.getTime() < new Date(integration.createdAt).getTime()) return false;
  return !isSimulated || integration.receiveSimulatedEvents;
}

/**
 * Turns the facts integrations listen to into ledger rows, in the consumer's transaction (with its inbox row):
 * `account.linked` on a connection's first activation only (never a re-link or a reactivation), `purchase.created`
 * for every purchase dated on or after the integration's start date. A loyalty award of 0 points is not recorded;
 * a marketing integration tracks the event whatever the points. The ledger's unique key makes a redelivered event
 * change nothing.
 */
@Injectable()
export class RecordAwardsUseCase {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly awards: AwardRepository,
    private readonly clock: Clock,
  ) {}

  async accountLinked(
    manager: Transaction,
    teamId: string,
    data: { connection: Connection; firstActivation: boolean },
    occurredAt: Date,
  ): Promise<void> {
    if (!data.firstActivation) return;
    const { connection } = data;
    const awards: NewAward[] = [];
    for (const integration of await this.integrations.activeFor(manager, teamId, 'account.linked')) {
      if (!accepts(integration, connection.is_simulated, occurredAt)) continue;
      if (integration.kind === 'loyalty' && integration.rewardOnLink === 0) continue;
      awards.push({
        id: ulid(),
        teamId,
        integrationId: integration.id,
        trigger: 'account.linked',
        subjectId: connection.connection_id,
        connectionId: connection.connection_id,
        purchaseId: null,
        isSimulated: connection.is_simulated,
        customerValue: customerValueOf(connection, integration.customerIdentifier),
        points: integration.rewardOnLink,
        itemsSubtotal: null,
        occurredAt,
      });
    }
    await this.awards.insertPending(manager, awards, this.clock.now());
  }

  /** A group commit's purchases (ADR 0018): each team's integrations read once, every award in one statement. */
  async purchaseCreatedMany(manager: Transaction, created: readonly PurchaseCreated[]): Promise<void> {
    const listening = new Map<string, IntegrationRow[]>();
    const awards: NewAward[] = [];
    for (const fact of created) {
      let integrations = listening.get(fact.teamId);
      if (!integrations) {
        integrations = await this.integrations.activeFor(manager, fact.teamId, 'purchase.created');
        listening.set(fact.teamId, integrations);
      }
      awards.push(...integrations.flatMap((integration) => purchaseAward(integration, fact)));
    }
    await this.awards.insertPending(manager, awards, this.clock.now());
  }
}

/** The award `integration` makes for a purchase, if any (none outside its rules, none of 0 loyalty points). */
function purchaseAward(integration: IntegrationRow, { teamId, purchase, occurredAt }: PurchaseCreated): NewAward[] {
  if (!accepts(integration, purchase.is_simulated, occurredAt)) return [];
  const result = purchasePoints(
    { date: new Date(purchase.date), items: purchase.items },
    { pointsPerDollar: Number(integration.pointsPerDollar), startDate: integration.startDate },
  );
  if (!result.rewarded) return [];
  if (integration.kind === 'loyalty' && result.points === 0) return [];
  return [
    {
      id: ulid(),
      teamId,
      integrationId: integration.id,
      trigger: 'purchase.created',
      subjectId: purchase.purchase_id,
      connectionId: purchase.connection_id,
      purchaseId: purchase.purchase_id,
      isSimulated: purchase.is_simulated,
      customerValue: null,
      points: result.points,
      itemsSubtotal: result.itemsSubtotal,
      occurredAt,
    },
  ];
}
