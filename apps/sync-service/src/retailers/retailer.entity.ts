import { type LinkVisibility, type RetailerStatus } from '@cps/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A platform retailer (the catalog, shared by every team). */
@Entity('retailers')
export class RetailerEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  status!: RetailerStatus;

  @Column('text')
  brandColor!: string;
}

/** A team's configuration of a retailer; the row exists while the retailer is enabled for the team. */
@Entity('team_retailers')
export class TeamRetailerEntity {
  @PrimaryColumn('text')
  teamId!: string;

  @PrimaryColumn('text')
  retailerId!: string;

  @Column('text')
  linkId!: string;

  @Column('text')
  linkVisibility!: LinkVisibility;

  @Column('text', { array: true })
  allowedEmails!: string[];

  @Column('text', { array: true })
  allowedDomains!: string[];

  @Column('timestamptz')
  enabledAt!: Date;
}
