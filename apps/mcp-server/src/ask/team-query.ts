import { Injectable } from '@nestjs/common';
import { type PoolClient, type QueryConfig } from 'pg';
import { DataSource } from 'typeorm';

export interface QueryAnswer<T> {
  fields: string[];
  rows: T[];
}

const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * Runs a statement as `cps_mcp_query` (SELECT on the read model, nothing else) in a READ ONLY transaction whose
 * `mcp.team_id` is the connector's team: row-level security shows it that team's rows only, whatever the
 * statement says. 5 s statement timeout; UTC dates.
 */
@Injectable()
export class TeamQuery {
  constructor(private readonly dataSource: DataSource) {}

  async run<T = Record<string, unknown>>(teamId: string, sql: string, params: unknown[] = []): Promise<QueryAnswer<T>> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    try {
      await runner.query('BEGIN TRANSACTION READ ONLY');
      try {
        await runner.query(
          `SELECT set_config('mcp.team_id', $1, true), set_config('statement_timeout', $2, true),
                  set_config('TimeZone', 'UTC', true)`,
          [teamId, String(STATEMENT_TIMEOUT_MS)],
        );
        await runner.query('SET LOCAL ROLE cps_mcp_query');
        // Extended protocol always: one statement per call, even without parameters (nothing smuggled behind a SELECT).
        // (`queryMode` is pg's, missing from its type definitions.)
        const query: QueryConfig & { queryMode: 'extended' } = { text: sql, values: params, queryMode: 'extended' };
        const result = await client.query<T & object>(query);
        await runner.query('COMMIT');
        return { fields: result.fields.map((field) => field.name), rows: result.rows };
      } catch (error) {
        await runner.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  }
}
