import { type DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import { SnakeNamingStrategy } from './naming.strategy.js';
import { PreparingClient } from '@cps/patches';

export interface SchemaDataSourceOptions {
  url: string;
  /** The Postgres schema this service owns. Tables and the migrations table live in it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  applicationName?: string;
}

export function schemaDataSourceOptions(options: SchemaDataSourceOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    namingStrategy: new SnakeNamingStrategy(),
    extra: {
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? options.schema,
      connectionTimeoutMillis: 5_000,
      // Reconnect handling is pg-pool's: a broken connection is dropped and a new one opened on next use.
      idleTimeoutMillis: 30_000,
      // Statements that keep coming back are prepared once per connection (libs/patches).
      Client: PreparingClient,
    },
  };
}

/**
 * Applies pending migrations of one schema. The schema is created first because TypeORM keeps its
 * migrations table inside it; the first migration of every service also creates it, idempotently.
 */
export async function runMigrations(dataSource: DataSource, schema: string): Promise<string[]> {
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}

/** True when every migration the code knows has been applied. */
export async function migrationsApplied(dataSource: DataSource): Promise<boolean> {
  return !(await dataSource.showMigrations());
}

/** The database role a service connects as at run time: rights on its own schema only (its migrations grant them). */
export function schemaRole(schema: string): string {
  return `cps_${schema}`;
}

/**
 * `url` with its user replaced by the schema's role, for a service that runs while `url` (the migrating user)
 * applies migrations. The password is kept: local runs give every role the migrating user's password (trust
 * authentication needs none); production hands each service its own DATABASE_URL from a secret instead.
 */
export function schemaRoleUrl(url: string, schema: string): string {
  const target = new URL(url);
  target.username = schemaRole(schema);
  return target.toString();
}
