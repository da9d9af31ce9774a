import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('teams')
export class TeamEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  name!: string;

  /** REST API requests a minute for this team; null: the gateway's default. */
  @Column('integer', { nullable: true })
  rateLimitPerMinute!: number | null;

  /** REST API requests at once; null: derived from the per-minute limit. */
  @Column('integer', { nullable: true })
  rateLimitBurst!: number | null;

  /** The brand name shoppers see in the link flow; null: `name`. */
  @Column('text', { nullable: true })
  displayName!: string | null;

  /** An https address of the brand's logo, shown on the hosted link pages; null: none. */
  @Column('text', { nullable: true })
  logoUrl!: string | null;

  /** The brand's privacy page, linked from the link flow's consent step; null: none. */
  @Column('text', { nullable: true })
  privacyPolicyUrl!: string | null;

  /** How much history before the first link the brand asks shoppers to share (whole days). */
  @Column('integer')
  historyWindowDays!: number;

  /** Origins a public `link_url`'s `redirect_url` may return the shopper to (none: the flow ends on its own page). */
  @Column('text', { array: true, default: () => "'{}'" })
  redirectOrigins!: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
