import { type MatchMethod } from '@cps/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One collected item and how it matched the team's catalog. The item's identifiers, name, retailer and purchase
 * date are kept so that a catalog change can match it again (they are null on rows older than that rule).
 */
@Entity('item_matches')
export class ItemMatchEntity {
  @Column('text')
  teamId!: string;

  @PrimaryColumn('text')
  purchaseId!: string;

  @PrimaryColumn('text')
  itemId!: string;

  @Column('text', { nullable: true })
  productId!: string | null;

  @Column('text')
  method!: MatchMethod;

  /** 0 to 1 (numeric(3,2)). */
  @Column('numeric', { transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  confidence!: number;

  @Column('timestamptz')
  matchedAt!: Date;

  @Column('text', { nullable: true })
  retailerId!: string | null;

  @Column('timestamptz', { nullable: true })
  purchaseDate!: Date | null;

  @Column('text', { nullable: true })
  itemName!: string | null;

  @Column('text', { nullable: true })
  itemBrand!: string | null;

  @Column('text', { nullable: true })
  itemUpc!: string | null;

  @Column('text', { nullable: true })
  itemSku!: string | null;

  /** The item's quantity, unit price (numeric(12,2) as text) and whether its purchase is simulated: the overview's
   * top products (null on rows matched before they were kept). */
  @Column('integer', { nullable: true })
  quantity!: number | null;

  @Column('numeric', { nullable: true })
  price!: string | null;

  @Column('boolean', { nullable: true })
  isSimulated!: boolean | null;
}
