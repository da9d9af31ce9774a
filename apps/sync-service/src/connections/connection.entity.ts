import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ConnectionStatus = 'initialized' | 'active' | 'unauthenticated' | 'disconnected' | 'revoked';

@Entity('connections')
export class ConnectionEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  teamId!: string;

  @Column('text')
  customerId!: string;

  @Column('text')
  retailerId!: string;

  @Column('text')
  status!: ConnectionStatus;

  @Column('text', { nullable: true })
  email!: string | null;

  @Column('text', { nullable: true })
  mobile!: string | null;

  @Column('jsonb')
  tags!: Record<string, string>;

  @Column('boolean')
  isSimulated!: boolean;

  @Column('timestamptz')
  createdAt!: Date;

  @Column('timestamptz')
  updatedAt!: Date;
}
