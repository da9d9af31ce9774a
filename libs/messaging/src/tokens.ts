/** What the messaging module needs to know about the service it runs in. */
export interface MessagingOptions {
  /** Service name: NATS client name, queue group, and durable consumer prefix. */
  service: string;
  /** Postgres schema holding this service's outbox, inbox and dead-letter tables. */
  schema: string;
  natsUrl: string;
  stream: string;
  requestTimeoutMs: number;
  /** Delays between redeliveries of a failing event; after the last one it is dead-lettered. */
  redeliveryBackoffMs?: number[];
  /**
   * How long JetStream waits for an ack (or a progress signal) before redelivering a message to another
   * consumer instance; default 5 s. Handlers signal progress every third of it, so long work is not redelivered.
   */
  ackWaitMs?: number;
  /** Days inbox ids and dead letters are kept (MessagingRetentionService); default 30. */
  retentionDays?: number;
  /** More tables of the schema purged of rows older than `retentionDays` (by the timestamp `column`). */
  retainedTables?: Array<{ table: string; column: string }>;
  /**
   * Names of event handlers the service no longer has: their durable consumers (`<service>-<name>`) are deleted at
   * start and every 10 minutes after (a replica of the previous version recreates its durable during a rolling
   * update), so a consumer nobody pulls from does not sit on the stream reporting ever more pending messages.
   */
  retiredConsumers?: string[];
  /**
   * Check request/reply answers against their contracts before they leave (RpcHandler): every one (true, the
   * default), a sample of each subject's ('sampled': the first 100, then one in 100), or none.
   */
  checkReplies?: boolean | 'sampled';
}

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

/** The @nestjs/microservices ClientProxy (Transport.NATS) RpcClient sends requests through. */
export const RPC_TRANSPORT = Symbol('RPC_TRANSPORT');
