import { Column, Entity } from 'typeorm';
import { TeamRow } from '@cps/persistence';

/**
 * A brand product; `upc` is the normalized GTIN-14 or null, `sku` the SKU it has at every retailer (its SKUs at
 * single retailers are rows of `matching.product_skus`), `brandKey` the normalized brand (brandKey of @cps/domain).
 */
@Entity('products')
export class ProductEntity extends TeamRow {
  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  brand!: string | null;

  @Column('text', { nullable: true })
  brandKey!: string | null;

  @Column('text', { nullable: true })
  upc!: string | null;

  @Column('text', { nullable: true })
  sku!: string | null;

  @Column('text', { nullable: true })
  groupId!: string | null;

  @Column('timestamptz')
  createdAt!: Date;

  @Column('timestamptz')
  updatedAt!: Date;
}
