import { MAX_ASK_ROWS } from '@cps/domain';
import { fake } from '@cps/testing/unit';
import { type DataSource, type EntityManager } from 'typeorm';
import { type McpSettings } from '../mcp/mcp-settings.js';
import { AskService, type Connector } from './ask.service.js';
import { type QueryAnswer, type TeamQuery } from './team-query.js';

const connector: Connector = { teamId: 'team-1', clientId: 'client-1' };
const NOW = new Date('2026-03-01T12:00:00Z');

/** The service over stand-ins: `asked` counts the connector's last minute; `answer` is what the team's query gives. */
function service(options: {
  asked?: number;
  answer?: (sql: string) => Promise<QueryAnswer<Record<string, unknown>>>;
  model?: string | null;
}) {
  const audit: unknown[][] = [];
  const statements: Array<{ teamId: string; sql: string; params: unknown[] }> = [];
  const manager = fake<EntityManager>({
    query: (<T>(sql: string) =>
      Promise.resolve(
        sql.includes('count(*)') ? [{ n: options.asked ?? 0 }] : sql.startsWith('INSERT') ? [{ id: 'audit-1' }] : [],
      ) as Promise<T>) as EntityManager['query'],
  });
  const dataSource = fake<DataSource>({
    transaction: ((work: (manager: EntityManager) => Promise<unknown>) => work(manager)) as DataSource['transaction'],
    query: (<T>(sql: string, params?: unknown[]) => {
      audit.push([sql.split(' ').slice(0, 3).join(' '), ...(params ?? [])]);
      return Promise.resolve([] as T);
    }) as DataSource['query'],
  });
  const teamQuery = fake<TeamQuery>({
    run: <T>(teamId: string, sql: string, params: unknown[] = []) => {
      if (sql.includes('mcp.retailers'))
        return Promise.resolve({ fields: [], rows: [{ id: 'walmart', name: 'Walmart' }] as T[] });
      if (sql.includes('vocabulary_')) return Promise.resolve({ fields: [], rows: [] as T[] });
      statements.push({ teamId, sql, params });
      return (options.answer ?? (() => Promise.resolve({ fields: ['purchases'], rows: [{ purchases: 7 }] })))(
        sql,
      ) as Promise<QueryAnswer<T>>;
    },
  });
  const model = options.model === undefined ? null : { url: 'http://model.test', model: 'm' };
  const settings = fake<McpSettings>({ queriesPerMinute: 60, model });
  return { ask: new AskService(dataSource, teamQuery, settings), audit, statements };
}

describe('AskService', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("answers a question the grammar reads with the team's rows, and audits the count", async () => {
    const { ask, audit, statements } = service({});
    await expect(ask.ask(connector, 'How many purchases?', NOW)).resolves.toEqual({
      fields: ['purchases'],
      results: [{ purchases: 7 }],
      result_count: 1,
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]!.teamId).toBe('team-1');
    expect(statements[0]!.sql).toMatch(/^SELECT /);
    expect(audit).toEqual([['UPDATE mcp.query_audit SET', 'audit-1', 1, null]]);
  });

  it('refuses the connector past its limit a minute, and audits the refusal', async () => {
    const { ask, audit, statements } = service({ asked: 60 });
    const answer = await ask.ask(connector, 'How many purchases?', NOW);
    expect(answer).toEqual({ error: expect.stringMatching(/^Rate limit: at most 60 questions a minute/) });
    expect(statements).toEqual([]);
    expect(audit[0]![0]).toBe('INSERT INTO mcp.query_audit');
  });

  it.each([
    ['   ', 'question is empty'],
    ['x'.repeat(1_001), 'question is longer than 1000 characters'],
  ])('refuses %j before translating it', async (question, error) => {
    await expect(service({}).ask.ask(connector, question, NOW)).resolves.toEqual({ error });
  });

  it('keeps at most the seed rows of an answer', async () => {
    const rows = Array.from({ length: MAX_ASK_ROWS + 20 }, (_, n) => ({ n }));
    const { ask } = service({ answer: () => Promise.resolve({ fields: ['n'], rows }) });
    const answer = await ask.ask(connector, 'How many purchases?', NOW);
    expect('result_count' in answer && answer.result_count).toBe(MAX_ASK_ROWS);
  });

  it('says a statement that ran past its timeout took too long, and hides other failures', async () => {
    const timeout = service({ answer: () => Promise.reject(Object.assign(new Error('canceled'), { code: '57014' })) });
    await expect(timeout.ask.ask(connector, 'How many purchases?', NOW)).resolves.toEqual({
      error: 'The query took longer than 5 seconds; narrow the question.',
    });
    const broken = service({ answer: () => Promise.reject(new Error('relation secret.table does not exist')) });
    await expect(broken.ask.ask(connector, 'How many purchases?', NOW)).resolves.toEqual({
      error: 'The query could not be answered; rephrase the question.',
    });
  });

  it("answers the grammar's refusal when no model is set", async () => {
    const { ask, statements } = service({});
    const answer = await ask.ask(connector, 'Sing me a song about oat milk', NOW);
    expect('error' in answer).toBe(true);
    expect(statements).toEqual([]);
  });

  it("runs the model's statement only past the guard", async () => {
    const reply = (sql: string) => {
      globalThis.fetch = () =>
        Promise.resolve(
          new Response(JSON.stringify({ choices: [{ message: { content: sql } }] }), {
            headers: { 'content-type': 'application/json' },
          }),
        );
    };
    const refused = service({ model: 'm' });
    reply('DELETE FROM mcp.purchases');
    const answer = await refused.ask.ask(connector, 'Sing me a song about oat milk', NOW);
    expect(answer).toEqual({ error: expect.stringMatching(/^The generated statement was refused/) });
    expect(refused.statements).toEqual([]);
  });
});
