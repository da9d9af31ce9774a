import { Injectable, Logger } from '@nestjs/common';
import { guardSelect, MAX_ASK_ROWS, SQL_REFUSAL, translate, type Vocabulary } from '@cps/domain';
import { TtlCache } from '@cps/platform';
import { DataSource } from 'typeorm';
import { McpSettings } from '../mcp/mcp-settings.js';
import { ModelTranslator } from './model-translator.js';
import { TeamQuery } from './team-query.js';

export interface Connector {
  teamId: string;
  clientId: string;
}

export type AskAnswer =
  { fields: string[]; results: Array<Record<string, unknown>>; result_count: number } | { error: string };

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
const MAX_QUESTION_LENGTH = 1_000;
const VOCABULARY_TTL_MS = 30_000;
const VOCABULARIES_KEPT = 10_000;
const VOCABULARY_SIZE = 2_000;

/**
 * `ask`: the seed's limits (60 a minute per connector, 100 rows, 5 MB, 5 s, SELECT only, the team's rows only),
 * the grammar first, the optional model second, the guard and row-level security always. Every call is audited.
 */
@Injectable()
export class AskService {
  private readonly logger = new Logger('AskService');
  private readonly vocabularies = new TtlCache<string, Vocabulary>({
    ttlMs: VOCABULARY_TTL_MS,
    maxEntries: VOCABULARIES_KEPT,
  });
  private readonly model: ModelTranslator | null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly teamQuery: TeamQuery,
    private readonly settings: McpSettings,
  ) {
    this.model = settings.model ? new ModelTranslator(settings.model) : null;
  }

  async ask(connector: Connector, question: string, now = new Date()): Promise<AskAnswer> {
    const auditId = await this.reserve(connector, question);
    if (auditId === null) {
      return this.audited(connector, question, {
        error: `Rate limit: at most ${this.settings.queriesPerMinute} questions a minute per connector; ask again in a minute.`,
      });
    }
    const answer = await this.answer(connector, question, now);
    await this.dataSource.query(`UPDATE mcp.query_audit SET result_count = $2, error = $3 WHERE id = $1`, [
      auditId,
      'error' in answer ? null : answer.result_count,
      'error' in answer ? answer.error.slice(0, 500) : null,
    ]);
    return answer;
  }

  private async answer(connector: Connector, question: string, now: Date): Promise<AskAnswer> {
    const trimmed = question.trim();
    if (!trimmed) return { error: 'question is empty' };
    if (trimmed.length > MAX_QUESTION_LENGTH)
      return { error: `question is longer than ${MAX_QUESTION_LENGTH} characters` };
    const translation = translate(trimmed, await this.vocabulary(connector.teamId), now);
    let sql: string;
    let params: unknown[] = [];
    if (translation.ok) {
      ({ sql, params } = translation);
    } else {
      if (!this.model || translation.error === SQL_REFUSAL) return { error: translation.error };
      const modelSql = await this.model.translate(trimmed, now).catch((error: unknown) => {
        this.logger.warn(`ask model unavailable: ${(error as Error).message}`);
        return null;
      });
      if (!modelSql) return { error: translation.error };
      sql = modelSql;
    }
    const verdict = guardSelect(sql);
    if (!verdict.ok) return { error: `The generated statement was refused: ${verdict.reason}.` };
    try {
      const { fields, rows } = await this.teamQuery.run<Record<string, unknown>>(
        connector.teamId,
        translation.ok ? sql : verdict.sql,
        params,
      );
      const results = rows.slice(0, MAX_ASK_ROWS);
      if (Buffer.byteLength(JSON.stringify(results)) > MAX_RESPONSE_BYTES) {
        return { error: 'The answer is larger than 5 MB; narrow the question.' };
      }
      return { fields, results, result_count: results.length };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '57014') return { error: 'The query took longer than 5 seconds; narrow the question.' };
      this.logger.warn(`ask statement failed (${code ?? 'no code'}): ${(error as Error).message}`);
      return { error: 'The query could not be answered; rephrase the question.' };
    }
  }

  /**
   * Retailer names (the catalog) and the team's brands and products (kept per team by a trigger on the items),
   * read under the team's row-level security.
   */
  private async vocabulary(teamId: string): Promise<Vocabulary> {
    const cached = this.vocabularies.get(teamId);
    if (cached) return cached;
    const [retailers, brands, products] = await Promise.all([
      this.teamQuery.run<{ id: string; name: string }>(teamId, 'SELECT retailer_id AS id, name FROM mcp.retailers'),
      this.teamQuery.run<{ brand: string }>(
        teamId,
        `SELECT brand FROM mcp.vocabulary_brands ORDER BY brand LIMIT ${VOCABULARY_SIZE}`,
      ),
      this.teamQuery.run<{ id: string; name: string }>(
        teamId,
        `SELECT product_id AS id, name FROM mcp.vocabulary_products ORDER BY product_id LIMIT ${VOCABULARY_SIZE}`,
      ),
    ]);
    const vocabulary = {
      retailers: retailers.rows,
      brands: brands.rows.map((row) => row.brand),
      products: products.rows,
    };
    this.vocabularies.set(teamId, vocabulary);
    return vocabulary;
  }

  /**
   * Counts the connector's last minute and writes its audit row in one transaction, serialized per connector by a
   * transaction-scoped advisory lock, so parallel calls (on any replica) cannot all read the same count.
   * Returns the audit row's id, or null when the connector is over its limit.
   */
  private async reserve(connector: Connector, question: string): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('mcp.ask:' || $1 || ':' || $2))`, [
        connector.teamId,
        connector.clientId,
      ]);
      const [row] = (await manager.query(
        `SELECT count(*)::int AS n FROM mcp.query_audit
         WHERE team_id = $1 AND client_id = $2 AND tool = 'ask' AND asked_at > now() - interval '1 minute'`,
        [connector.teamId, connector.clientId],
      )) as Array<{ n: number }>;
      if ((row?.n ?? 0) >= this.settings.queriesPerMinute) return null;
      const [inserted] = (await manager.query(
        `INSERT INTO mcp.query_audit (team_id, client_id, tool, question) VALUES ($1, $2, 'ask', $3) RETURNING id`,
        [connector.teamId, connector.clientId, question.slice(0, MAX_QUESTION_LENGTH)],
      )) as Array<{ id: string }>;
      return inserted?.id ?? null;
    });
  }

  private async audited(connector: Connector, question: string, answer: AskAnswer): Promise<AskAnswer> {
    await this.dataSource.query(
      `INSERT INTO mcp.query_audit (team_id, client_id, tool, question, result_count, error) VALUES ($1, $2, 'ask', $3, $4, $5)`,
      [
        connector.teamId,
        connector.clientId,
        question.slice(0, MAX_QUESTION_LENGTH),
        'error' in answer ? null : answer.result_count,
        'error' in answer ? answer.error.slice(0, 500) : null,
      ],
    );
    return answer;
  }
}
