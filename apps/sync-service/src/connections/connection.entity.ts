import { type InternalConnectionStatus } from '@cps/contracts';

import { Column, Entity } from 'typeorm';
import { CustomerRow } from './customer-row.js';

export type ConnectionStatus = InternalConnectionStatus;

@Entity('connections')
export class ConnectionEntity extends CustomerRow {
  @Column('text')
  retailerId!: string;

  @Column('text')
  status!: ConnectionStatus;

  @Column('boolean')
  isSimulated!: boolean;

  @Column('timestamptz')
  createdAt!: Date;

  @Column('timestamptz')
  updatedAt!: Date;

  /**
   * Set by DELETE /connections/{id}: from then on the connection and its purchases are not readable.
   * Optional so rows built before deletion existed (new connections) need not spell it out.
   */
  @Column('timestamptz', { nullable: true })
  deletedAt?: Date | null;

  /**
   * The first successful link of the retailer account (simulated connections: their creation). The sharing
   * policy counts the history window back from it; a later activation is a re-authentication.
   * Optional so rows built before linking existed need not spell it out.
   */
  @Column('timestamptz', { nullable: true })
  firstLinkedAt?: Date | null;

  /**
   * The shopper's sharing preference: how many whole days of history before the first link the brand may see
   * (chosen in the link flow's consent step, changed by re-linking). Optional in rows built in code: the
   * column's default (365) applies to connections created otherwise.
   */
  @Column('integer', { default: 365 })
  historyWindowDays?: number;
}
