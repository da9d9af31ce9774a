import {
  decideSharing,
  DEFAULT_SHARING_PREFERENCES,
  formatCents,
  type PurchaseOrigin,
  type SharingDecision,
  type SimulatedPurchase,
} from '@cps/domain';
import { ulid } from 'ulid';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { type PurchaseWithItems } from '../purchases/purchase.entity.js';

/** Turns a generated receipt (integer cents) into rows (two-place decimal strings). */
export function toPurchaseRows(
  generated: SimulatedPurchase,
  owner: { teamId: string; connectionId: string; retailerId: string; createdAt: Date },
): PurchaseWithItems {
  // Ids carry the purchase date, so they sort like the purchases they name.
  const time = generated.date.getTime();
  const id = ulid(time);
  const { totals } = generated;
  return {
    purchase: {
      id,
      teamId: owner.teamId,
      connectionId: owner.connectionId,
      retailerId: owner.retailerId,
      retailerOrderId: null,
      date: generated.date,
      purchaseType: generated.purchaseType,
      currency: generated.currency,
      itemsSubtotal: formatCents(totals.itemsSubtotal),
      discounts: formatCents(totals.discounts),
      shipping: formatCents(totals.shipping),
      fees: formatCents(totals.fees),
      tax: formatCents(totals.tax),
      total: formatCents(totals.total),
      isSimulated: true,
      createdAt: owner.createdAt,
    },
    items: generated.lines.map((line, position) => ({
      id: ulid(time),
      purchaseId: id,
      position,
      name: line.name,
      brand: line.brand,
      upc: line.upc,
      sku: line.sku,
      price: formatCents(line.priceCents),
      quantity: line.quantity,
    })),
  };
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
    preferences: DEFAULT_SHARING_PREFERENCES,
    now,
  });
}
