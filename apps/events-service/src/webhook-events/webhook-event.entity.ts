import { Column, CreateDateColumn, Entity } from 'typeorm';
import { TeamRow } from '@cps/persistence';

/** An event as sent to webhooks: `id` is the `webhook-id`, `payload` the exact request body. */
@Entity('webhook_events')
export class WebhookEventEntity extends TeamRow {
  @Column('text')
  type!: string;

  @Column('boolean')
  isSimulated!: boolean;

  @Column('json')
  payload!: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
