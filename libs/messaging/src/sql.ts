/**
 * DDL for the messaging tables, for a service's migrations to call. Kept here so every service's
 * outbox and inbox are the same shape; the migration that uses it is still the reviewable record.
 */
export function outboxTableSql(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}".outbox (
      id text PRIMARY KEY,
      subject text NOT NULL,
      envelope jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`,
    `CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox (id) WHERE published_at IS NULL`,
  ];
}

/** The outbox's ordering key (ADR 0002): the aggregate an event keeps its order with; null for the whole team. */
export function outboxOrderingKeySql(schema: string): string[] {
  return [`ALTER TABLE "${schema}".outbox ADD COLUMN ordering_key text`];
}

export function inboxTablesSql(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}".inbox (
      consumer text NOT NULL,
      message_id text NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, message_id)
    )`,
    `CREATE TABLE "${schema}".dead_letters (
      id bigserial PRIMARY KEY,
      consumer text NOT NULL,
      message_id text,
      subject text NOT NULL,
      payload text NOT NULL,
      error text NOT NULL,
      deliveries integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  ];
}

/**
 * The replies of requests that came with an idempotency key (RpcHandler), stored in the transaction of the change
 * they answer, so a retry after a lost reply gets the first answer instead of a second change. Kept 24 hours.
 */
export function idempotentRepliesTableSql(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}".idempotent_replies (
      key text NOT NULL,
      subject text NOT NULL,
      reply json NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (key, subject)
    )`,
    `CREATE INDEX idempotent_replies_created_idx ON "${schema}".idempotent_replies (created_at)`,
  ];
}
