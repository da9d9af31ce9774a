import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { TeamRow } from '@cps/persistence';

@Entity('webhook_destinations')
export class WebhookDestinationEntity extends TeamRow {
  @Column('text')
  name!: string;

  @Column('text')
  url!: string;

  @Column('text', { array: true })
  eventTypes!: string[];

  @Column('boolean')
  isActive!: boolean;

  @Column('boolean')
  receiveSimulatedEvents!: boolean;

  /** The `whsec_` signing secret, sealed with SecretBox; opened only to sign a request. */
  @Column('text')
  secretSealed!: string;

  /** Why the platform deactivated it (a 410 answer); null when active or deactivated by the brand. */
  @Column({ type: 'text', nullable: true })
  disabledReason!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
