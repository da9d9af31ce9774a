import { Injectable, Logger } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { newEventId, EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { toPurchaseDetail } from './purchase-detail.js';
import { HISTORY_WINDOW_START_SQL, PurchaseRepository } from './purchase.repository.js';

/**
 * How far back a recorded event's outbox row is looked for: the relay deletes published rows a day after
 * publishing them, so a purchase younger than this whose row is gone lost its event before it went out.
 */
const OUTBOX_LOOKBACK = '20 hours';

/**
 * Finds purchases that were stored but whose `sync.purchase.collected.v1` never made it to the outbox (no event
 * id, or an event id without its outbox row while the row should still be there) and records the event, in one
 * transaction with the purchase's mark. Quiet purchases, purchases outside the connection's sharing preference,
 * purchases of deleted connections
 * and those stored before event ids were kept (`legacy:`) are left alone. Idempotent: a purchase recorded here
 * has its outbox row and is not found again; a lost event keeps its envelope id, so a consumer that handled it
 * after all finds it in its inbox. Replicas share the work (SKIP LOCKED).
 */
@Injectable()
export class ReconcilePurchaseEventsUseCase {
  private readonly logger = new Logger('PurchaseReconciliation');

  constructor(
    private readonly transactor: Transactor,
    private readonly purchases: PurchaseRepository,
    private readonly outbox: EventOutbox,
  ) {}

  /** One batch; resolves to how many purchases got their event. */
  async execute(limit: number): Promise<number> {
    return this.transactor.run(async (tx) => {
      const missing = (await tx.query(
        `SELECT p.id, p.team_id, p.collected_event_id FROM sync.purchases p
           JOIN sync.connections c ON c.id = p.connection_id AND c.deleted_at IS NULL
          WHERE NOT p.quiet AND p.date >= ${HISTORY_WINDOW_START_SQL}
            AND (p.collected_event_id IS NULL
                 OR (p.created_at > now() - interval '${OUTBOX_LOOKBACK}'
                     AND p.collected_event_id NOT LIKE 'legacy:%'
                     AND NOT EXISTS (SELECT 1 FROM sync.outbox o WHERE o.id = p.collected_event_id)))
          ORDER BY p.created_at
          LIMIT $1
          FOR UPDATE OF p SKIP LOCKED`,
        [limit],
      )) as Array<{ id: string; team_id: string; collected_event_id: string | null }>;
      let recorded = 0;
      for (const row of missing) {
        const rows = await this.purchases.findOwned(row.team_id, row.id);
        if (!rows) continue;
        const eventId = row.collected_event_id ?? newEventId();
        await this.outbox.record(
          tx,
          SyncContracts.purchaseCollected,
          { purchase: toPurchaseDetail(rows) },
          { id: eventId, teamId: row.team_id, occurredAt: rows.purchase.createdAt },
        );
        await tx.query(`UPDATE sync.purchases SET collected_event_id = $2 WHERE id = $1`, [row.id, eventId]);
        recorded += 1;
        this.logger.warn(`purchase ${row.id} had no purchase.collected event in the outbox; recorded ${eventId}`);
      }
      return recorded;
    });
  }
}
