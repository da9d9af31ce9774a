import { decideSharing, type PurchaseOrigin, type SharingDecision, type SimulatedPurchase } from '@cps/domain';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { sharingPreferencesOf } from '../connections/sharing-preferences.js';
import { type PurchaseWithItems } from '../purchases/purchase.entity.js';
import { toPurchaseRows } from '../purchases/purchase-rows.js';

/** Turns a generated receipt into the rows of a simulated purchase. */
export function toSimulatedPurchaseRows(
  generated: SimulatedPurchase,
  owner: { teamId: string; connectionId: string; retailerId: string; createdAt: Date },
): PurchaseWithItems {
  return toPurchaseRows(generated, { ...owner, retailerOrderId: null, isSimulated: true });
}

/** The sharing policy's verdict on a simulated purchase, as for a collected one. */
export function simulatedSharing(
  connection: ConnectionEntity,
  date: Date,
  origin: Exclude<PurchaseOrigin, 'retailer'>,
  now: Date,
): SharingDecision {
  return decideSharing({
    connection: {
      status: connection.status,
      deletedAt: connection.deletedAt ?? null,
      isSimulated: connection.isSimulated,
      firstLinkedAt: connection.firstLinkedAt ?? connection.createdAt,
    },
    purchase: { date, origin },
    preferences: sharingPreferencesOf(connection),
    now,
  });
}
