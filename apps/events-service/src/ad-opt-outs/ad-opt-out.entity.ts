import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One team's record that a shopper (by email hash) opted out of ad sharing. */
@Entity('ad_opt_outs')
export class AdOptOutEntity {
  @PrimaryColumn('text')
  teamId!: string;

  /** SHA-256 (hex) of the normalised email: see optOutEmailHash. */
  @PrimaryColumn('text')
  emailHash!: string;

  @Column('timestamptz')
  createdAt!: Date;
}
