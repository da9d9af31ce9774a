import { SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { PermanentEventError } from '@cps/messaging';
import { EntityManager } from 'typeorm';
import { type MatchPurchaseCommand, type MatchPurchaseUseCase } from './match-purchase.use-case.js';
import { PurchaseCollectedHandler } from './purchase-collected.handler.js';
import { fake } from '@cps/testing/unit';

const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters
const PURCHASE = fake<PurchaseDetail>({ purchase_id: '01PURCHASE', items: [] });

function setup() {
  const calls: Array<[MatchPurchaseCommand, EntityManager]> = [];
  const handler = new PurchaseCollectedHandler(
    fake<MatchPurchaseUseCase>({
      executeMany: async (commands: MatchPurchaseCommand[], tx: EntityManager) => {
        for (const command of commands) calls.push([command, tx]);
        return commands.map((command) => command.purchase);
      },
    }),
  );
  return { handler, calls };
}

const envelope = (teamId: string | undefined) => ({
  id: '01EVENT',
  subject: SyncContracts.purchaseCollected.subject,
  occurredAt: '2025-05-01T10:00:00.000Z',
  correlationId: 'corr_1',
  ...(teamId ? { teamId } : {}),
  data: { purchase: PURCHASE },
});

describe('PurchaseCollectedHandler', () => {
  it('consumes sync.purchase.collected.v1 under a stable durable name', () => {
    const { handler } = setup();
    expect(handler.event).toBe(SyncContracts.purchaseCollected);
    expect(handler.name).toBe('purchase-collected');
  });

  it("matches in the envelope's team, passing the correlation id and the inbox transaction", async () => {
    const { handler, calls } = setup();
    await handler.handle(envelope('team_1'), TX);
    expect(calls).toEqual([[{ teamId: 'team_1', correlationId: 'corr_1', purchase: PURCHASE }, TX]]);
  });

  it('matches a batch in one call', async () => {
    const { handler, calls } = setup();
    await handler.handleBatch([envelope('team_1'), envelope('team_2')], TX);
    expect(calls.map(([command]) => command.teamId)).toEqual(['team_1', 'team_2']);
  });

  it('dead-letters an event without a team', async () => {
    const { handler, calls } = setup();
    await expect(handler.handle(envelope(undefined), TX)).rejects.toBeInstanceOf(PermanentEventError);
    expect(calls).toEqual([]);
  });
});
