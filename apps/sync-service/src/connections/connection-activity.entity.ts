import { type Actor } from '@cps/contracts';
import { type StoredConnectionSnapshot } from '@cps/domain';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A connection without its tags, as the activity log records it. The internal status is kept as it was
 * (`revoked` included); readers show it through toPublicSnapshot.
 */
export type ConnectionSnapshot = StoredConnectionSnapshot;

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
