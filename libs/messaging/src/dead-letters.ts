import { Controller, Inject, Injectable, Logger, type Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  deadLetterContracts,
  type DeadLetter,
  type DeadLetterList,
  type DeadLetterService,
  type ListDeadLettersRequest,
  type ReplayDeadLetterRequest,
  type ReplayedDeadLetter,
} from '@cps/contracts';
import { InboxConsumerService } from './inbox-consumer.service.js';
import { RpcHandler, RpcPayload, RpcRefusal } from './rpc-handler.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

interface DeadLetterRow {
  id: string;
  consumer: string;
  message_id: string | null;
  subject: string;
  payload: string;
  error: string;
  deliveries: number;
  created_at: Date;
}

/** Lists this service's dead letters and replays one for the consumer that gave up on it. */
@Injectable()
export class DeadLetters {
  private readonly logger = new Logger('DeadLetters');

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly dataSource: DataSource,
    private readonly inbox: InboxConsumerService,
  ) {}

  private get table(): string {
    return `"${this.options.schema}".dead_letters`;
  }

  async list({ limit }: ListDeadLettersRequest): Promise<DeadLetterList> {
    const rows = (await this.dataSource.query(
      `SELECT id::text AS id, consumer, message_id, subject, error, deliveries, created_at
         FROM ${this.table} ORDER BY id DESC LIMIT $1`,
      [limit],
    )) as DeadLetterRow[];
    return { dead_letters: rows.map(view) };
  }

  /**
   * Runs the stored message through its consumer's handler once, in one transaction with that consumer's inbox
   * row and the removal of the dead letter (locked meanwhile, so two replays never both run it). Nothing goes
   * through JetStream again: no other consumer sees it, and the stream's duplicate window cannot drop it.
   */
  async replay({ id }: ReplayDeadLetterRequest): Promise<ReplayedDeadLetter> {
    let letter: DeadLetterRow | undefined;
    try {
      return await this.dataSource.transaction(async (tx) => {
        [letter] = (await tx.query(
          `SELECT id::text AS id, consumer, message_id, subject, payload FROM ${this.table} WHERE id = $1 FOR UPDATE`,
          [id],
        )) as DeadLetterRow[];
        if (!letter) throw new RpcRefusal(404, `dead letter ${id} not found (never existed or already replayed)`);
        const handled = await this.inbox.replay(letter.consumer, letter.payload, tx);
        await tx.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
        this.logger.log(
          `dead letter ${id} replayed: consumer=${letter.consumer} message_id=${letter.message_id} handled=${handled}`,
        );
        return {
          id,
          consumer: letter.consumer,
          message_id: letter.message_id,
          outcome: handled ? 'handled' : 'already_handled',
        };
      });
    } catch (error) {
      if (error instanceof RpcRefusal || !letter) throw error;
      const reason = (error as Error).message;
      await this.dataSource.query(`UPDATE ${this.table} SET error = $2 WHERE id = $1`, [id, reason]);
      throw new RpcRefusal(422, `dead letter ${id} failed again: ${reason}`);
    }
  }
}

function view(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    consumer: row.consumer,
    message_id: row.message_id,
    subject: row.subject,
    error: row.error,
    deliveries: row.deliveries,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The responder of one service's dead-letter subjects (MessagingModule adds it where there are consumers). */
export function deadLettersController(service: DeadLetterService): Type<unknown> {
  const contracts = deadLetterContracts(service);

  @Controller()
  class DeadLettersController {
    constructor(private readonly deadLetters: DeadLetters) {}

    @RpcHandler(contracts.list)
    list(@RpcPayload(contracts.list) request: ListDeadLettersRequest): Promise<DeadLetterList> {
      return this.deadLetters.list(request);
    }

    @RpcHandler(contracts.replay)
    replay(@RpcPayload(contracts.replay) request: ReplayDeadLetterRequest): Promise<ReplayedDeadLetter> {
      return this.deadLetters.replay(request);
    }
  }
  return DeadLettersController;
}
