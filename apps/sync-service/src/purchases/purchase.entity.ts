import { type PurchaseType } from '@cps/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TeamRow } from '@cps/persistence';

/** Money columns are numeric(12,2): Postgres returns them as exact two-place strings ("12.30"). */
@Entity('purchases')
export class PurchaseEntity extends TeamRow {
  @Column('text')
  connectionId!: string;

  @Column('text')
  retailerId!: string;

  @Column('text', { nullable: true })
  retailerOrderId!: string | null;

  @Column('timestamptz')
  date!: Date;

  @Column('text')
  purchaseType!: PurchaseType;

  @Column('char', { length: 3 })
  currency!: string;

  @Column('numeric', { precision: 12, scale: 2 })
  itemsSubtotal!: string;

  @Column('numeric', { precision: 12, scale: 2 })
  discounts!: string;

  @Column('numeric', { precision: 12, scale: 2 })
  shipping!: string;

  @Column('numeric', { precision: 12, scale: 2 })
  fees!: string;

  @Column('numeric', { precision: 12, scale: 2 })
  tax!: string;

  @Column('numeric', { precision: 12, scale: 2 })
  total!: string;

  @Column('boolean')
  isSimulated!: boolean;

  @Column('timestamptz')
  createdAt!: Date;

  /**
   * The envelope id of its `sync.purchase.collected.v1`, set when the purchase is stored with the event in the
   * same transaction; null while no event was recorded for it (the reconciliation job records one).
   */
  @Column('text', { nullable: true })
  collectedEventId?: string | null;

  /** Stored for reading but never announced; the reconciliation job leaves it alone. (Simulated history is announced since ADR 0014.) */
  @Column('boolean', { default: false })
  quiet?: boolean;
}

@Entity('purchase_items')
export class PurchaseItemEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  purchaseId!: string;

  /** Order of the item on the receipt, from 0. */
  @Column('integer')
  position!: number;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  brand!: string | null;

  @Column('text', { nullable: true })
  upc!: string | null;

  @Column('text', { nullable: true })
  sku!: string | null;

  @Column('numeric', { precision: 12, scale: 2 })
  price!: string;

  @Column('integer')
  quantity!: number;
}

/** A purchase with its items, as written in one go. */
export interface PurchaseWithItems {
  purchase: PurchaseEntity;
  items: PurchaseItemEntity[];
}
