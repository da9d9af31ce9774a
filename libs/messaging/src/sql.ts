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
