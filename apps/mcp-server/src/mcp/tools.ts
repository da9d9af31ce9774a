import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SyncContracts, type TeamRetailer } from '@cps/contracts';
import { DATA_MODEL, toPublicRetailer } from '@cps/domain';
import { type RpcClient } from '@cps/messaging';
import { z } from 'zod';
import { type AskService, type Connector } from '../ask/ask.service.js';

export interface ToolDependencies {
  ask: AskService;
  rpc: RpcClient;
  baseUrl: string;
}

const text = (value: unknown) => [{ type: 'text' as const, text: JSON.stringify(value) }];

const images = z.object({ light: z.string(), dark: z.string() });
const retailerRow = z.object({
  retailer_id: z.string(),
  name: z.string(),
  images: z.object({ logo: images, icon: images }),
  status: z.enum(['active', 'limited', 'inactive']),
  enabled: z.boolean(),
  link_url: z.string().nullable(),
  link_visibility: z.enum(['everyone', 'restricted', 'hidden']).optional(),
  link_audience: z.object({ allowed_emails: z.array(z.string()), allowed_domains: z.array(z.string()) }).optional(),
});
const column = z.object({ name: z.string(), type: z.string(), description: z.string() });

/**
 * The three read-only tools of the data-query server, bound to one connector (the team chosen at authorization).
 * A server is built per request (stateless transport, ADR 0016).
 */
export function createMcpServer(connector: Connector, deps: ToolDependencies): McpServer {
  const server = new McpServer({ name: 'connected-purchases-data', version: '1.0.0' });
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

  server.registerTool(
    'ask',
    {
      title: 'Ask your purchase data',
      description:
        'Answers a question in plain words about your purchases, items, connections and customers with one ' +
        'read-only query (at most 100 rows). SQL in the question is refused. See get_data_model for what can be asked.',
      inputSchema: {
        question: z
          .string()
          .min(1)
          .max(1000)
          .describe('A question in plain words, e.g. "Total spend by retailer last month"'),
      },
      outputSchema: {
        fields: z.array(z.string()).optional(),
        results: z.array(z.record(z.string(), z.unknown())).optional(),
        result_count: z.number().int().optional(),
        error: z.string().optional(),
      },
      annotations: readOnly,
    },
    async ({ question }) => {
      const answer = await deps.ask.ask(connector, question);
      return { content: text(answer), structuredContent: answer, ...('error' in answer ? { isError: true } : {}) };
    },
  );

  server.registerTool(
    'get_retailers',
    {
      title: 'Retailers',
      description: 'The retailers of your team, as GET /retailers shows them: enabled ones (default) or all.',
      inputSchema: { include: z.enum(['enabled', 'all']).default('enabled').describe('enabled (default) or all') },
      outputSchema: { retailers: z.array(retailerRow) },
      annotations: readOnly,
    },
    async ({ include }) => {
      const { retailers } = await deps.rpc.request(SyncContracts.listRetailers, { teamId: connector.teamId, include });
      const rows = { retailers: retailers.map((row: TeamRetailer) => toPublicRetailer(row, deps.baseUrl)) };
      return { content: text(rows), structuredContent: rows };
    },
  );

  server.registerTool(
    'get_data_model',
    {
      title: 'Data model',
      description: 'The tables, columns and relations ask answers about, with example questions.',
      inputSchema: {},
      outputSchema: {
        tables: z.array(z.object({ name: z.string(), description: z.string(), columns: z.array(column) })),
        relations: z.array(z.object({ from: z.string(), to: z.string() })),
        example_questions: z.array(z.string()),
      },
      annotations: readOnly,
    },
    () => ({ content: text(DATA_MODEL), structuredContent: { ...DATA_MODEL } }),
  );
  return server;
}
