import { type Actor } from '@cps/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A connection without its tags, as the activity log records it (seed: ConnectionSnapshot). */
export interface ConnectionSnapshot {
  connection_id: string;
  customer_id: string;
  retailer_id: string;
  status: string;
  email: string | null;
  mobile: string | null;
}

/** Activity `event` values (INTERFACE-DECISIONS.md). Wire values: never rename. */
export type ActivityEvent =
  | 'connection_created'
  | 'connection_activated'
  | 'connection_reauthenticated'
  | 'connection_unauthenticated'
  | 'connection_updated'
  | 'connection_disconnected'
  | 'connection_revoked'
  | 'connection_deleted';

@Entity('connection_activity')
export class ConnectionActivityEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column('text')
  teamId!: string;

  @Column('text')
  connectionId!: string;

  @Column('timestamptz')
  occurredAt!: Date;

  @Column('text')
  eventSource!: Actor['source'];

  @Column('text')
  event!: ActivityEvent;

  @Column('text', { nullable: true })
  details!: string | null;

  @Column('text', { nullable: true })
  sourceIdType!: Actor['idType'];

  @Column('text', { nullable: true })
  sourceIdName!: string | null;

  @Column('jsonb', { nullable: true })
  connectionBefore!: ConnectionSnapshot | null;

  @Column('jsonb', { nullable: true })
  connectionAfter!: ConnectionSnapshot | null;
}

export type NewActivityEntry = Omit<ConnectionActivityEntity, 'id'>;
