import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An event as sent to webhooks: `id` is the `webhook-id`, `payload` the exact request body. */
@Entity('webhook_events')
export class WebhookEventEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  teamId!: string;

  @Column('text')
  type!: string;

  @Column('boolean')
  isSimulated!: boolean;

  @Column('json')
  payload!: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
