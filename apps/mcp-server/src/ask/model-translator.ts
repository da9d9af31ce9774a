import { DATA_MODEL } from '@cps/domain';

export interface ModelSettings {
  url: string;
  model: string;
  apiKey?: string;
}

const TIMEOUT_MS = 10_000;

/**
 * The optional OpenAI-compatible translator (`ASK_MODEL_URL`, off by default): asked only for questions the
 * grammar cannot read. It is told the data model and must answer one SELECT; what it answers goes through the
 * same guard as the grammar's statements and runs under the same row-level security.
 */
export class ModelTranslator {
  constructor(private readonly settings: ModelSettings) {}

  async translate(question: string, now: Date): Promise<string | null> {
    const response = await fetch(`${this.settings.url.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.settings.model,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content:
              'Translate the question into one PostgreSQL SELECT over these relations (schema mcp) and answer ' +
              `with the SQL only, no prose. Today is ${now.toISOString().slice(0, 10)} (UTC). Relations: ` +
              JSON.stringify(
                DATA_MODEL.tables.map((table) => ({
                  table: `mcp.${table.name}`,
                  columns: table.columns.map((column) => column.name),
                })),
              ),
          },
          { role: 'user', content: question },
        ],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json().catch(() => null)) as {
      choices?: Array<{ message?: { content?: unknown } }>;
    } | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return null;
    const sql = content
      .replace(/^```(?:sql)?\s*/i, '')
      .replace(/```\s*$/, '')
      .trim()
      .replace(/;\s*$/, '');
    return sql || null;
  }
}
