import { type MatchMethod } from '@cps/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

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

  @Column('timestamptz')
  matchedAt!: Date;
}
