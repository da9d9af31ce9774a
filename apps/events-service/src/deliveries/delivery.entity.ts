import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TeamRow } from '@cps/persistence';
import { type DeliveryStatus } from '@cps/domain';

/** One webhook event on its way to one destination. */
@Entity('deliveries')
export class DeliveryEntity extends TeamRow {
  @Column('text')
  destinationId!: string;

  @Column('text')
  eventId!: string;

  @Column('text')
  status!: DeliveryStatus;

  @Column('integer')
  attempts!: number;

  /** When the next attempt is due (or, while one is in flight, when its lease ends); null once final. */
  @Column({ type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

@Entity('delivery_attempts')
export class DeliveryAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column('text')
  deliveryId!: string;

  @Column('timestamptz')
  attemptedAt!: Date;

  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column('integer')
  durationMs!: number;
}
