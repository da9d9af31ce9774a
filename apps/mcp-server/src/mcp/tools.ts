import { Logger } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { SyncContracts, type TeamRetailer } from '@cps/contracts';
import { DATA_MODEL, toPublicRetailer } from '@cps/domain';
import { type RpcClient } from '@cps/messaging';
import { type AskService, type Connector } from '../ask/ask.service.js';

interface ToolDependencies {
  ask: AskService;
  rpc: RpcClient;
  baseUrl: string;
}

type Schema = Tool['inputSchema'];

const STRING = { type: 'string' } as const;
/** The arguments of a tool: other properties are ignored, as the SDK's McpServer ignored them. */
const input = (properties: Record<string, object>, optional: string[] = []): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
});
/** An object schema of results: every property required unless named in `optional`, nothing else present. */
const object = (properties: Record<string, object>, optional: string[] = []): Schema => ({
  ...input(properties, optional),
  additionalProperties: false,
});
const array = (items: object) => ({ type: 'array', items });
const oneOf = (...values: string[]) => ({ type: 'string', enum: values });

const images = object({ light: STRING, dark: STRING });
const retailerRow = object(
  {
    retailer_id: STRING,
    name: STRING,
    images: object({ logo: images, icon: images }),
    status: oneOf('active', 'limited', 'inactive'),
    enabled: { type: 'boolean' },
    link_url: { type: ['string', 'null'] },
    link_visibility: oneOf('everyone', 'restricted', 'hidden'),
    link_audience: object({ allowed_emails: array(STRING), allowed_domains: array(STRING) }),
  },
  ['link_visibility', 'link_audience'],
);
const column = object({ name: STRING, type: STRING, description: STRING });

interface ToolDefinition extends Tool {
  run(args: Record<string, unknown>, connector: Connector, deps: ToolDependencies): Promise<CallToolResult>;
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const text = (value: unknown) => [{ type: 'text' as const, text: JSON.stringify(value) }];

/**
 * The three read-only tools, described in JSON Schema: `tools/list` advertises these schemas, and the same schemas
 * check every call's arguments (with the SDK's own validator) before a tool runs.
 */
const TOOLS: ToolDefinition[] = [
  {
    name: 'ask',
    title: 'Ask your purchase data',
    description:
      'Answers a question in plain words about your purchases, items, connections and customers with one ' +
      'read-only query (at most 100 rows). SQL in the question is refused. See get_data_model for what can be asked.',
    inputSchema: input({
      question: {
        type: 'string',
        minLength: 1,
        maxLength: 1000,
        description: 'A question in plain words, e.g. "Total spend by retailer last month"',
      },
    }),
    outputSchema: object(
      {
        fields: array(STRING),
        results: array({ type: 'object', additionalProperties: {} }),
        result_count: { type: 'integer' },
        error: STRING,
      },
      ['fields', 'results', 'result_count', 'error'],
    ),
    annotations: readOnly,
    async run(args, connector, deps) {
      const answer = await deps.ask.ask(connector, args.question as string);
      return { content: text(answer), structuredContent: answer, ...('error' in answer ? { isError: true } : {}) };
    },
  },
  {
    name: 'get_retailers',
    title: 'Retailers',
    description: 'The retailers of your team, as GET /retailers shows them: enabled ones (default) or all.',
    inputSchema: input(
      { include: { ...oneOf('enabled', 'all'), default: 'enabled', description: 'enabled (default) or all' } },
      ['include'],
    ),
    outputSchema: object({ retailers: array(retailerRow) }),
    annotations: readOnly,
    async run(args, connector, deps) {
      const include = (args.include as 'enabled' | 'all' | undefined) ?? 'enabled';
      const { retailers } = await deps.rpc.request(SyncContracts.listRetailers, { teamId: connector.teamId, include });
      const rows = { retailers: retailers.map((row: TeamRetailer) => toPublicRetailer(row, deps.baseUrl)) };
      return { content: text(rows), structuredContent: rows };
    },
  },
  {
    name: 'get_data_model',
    title: 'Data model',
    description: 'The tables, columns and relations ask answers about, with example questions.',
    inputSchema: input({}),
    outputSchema: object({
      tables: array(object({ name: STRING, description: STRING, columns: array(column) })),
      relations: array(object({ from: STRING, to: STRING })),
      example_questions: array(STRING),
    }),
    annotations: readOnly,
    run: () => Promise.resolve({ content: text(DATA_MODEL), structuredContent: { ...DATA_MODEL } }),
  },
];

const logger = new Logger('McpTools');
const validator = new AjvJsonSchemaValidator();
const CHECKS = new Map(TOOLS.map((tool) => [tool.name, validator.getValidator(tool.inputSchema)]));
const LISTED: Tool[] = TOOLS.map(({ run: _run, ...tool }) => tool);

/** A failed call, as the SDK's McpServer answers one: a tool result flagged `isError`. */
const failure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/**
 * The read-only tools of the data-query server, bound to one connector (the team chosen at authorization), on the
 * SDK's low-level `Server` with JSON Schema input and output schemas. A server is built per request (stateless
 * transport, ADR 0016).
 */
export function createMcpServer(connector: Connector, deps: ToolDependencies): Server {
  const server = new Server(
    { name: 'connected-purchases-data', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTED }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return failure(`Tool ${request.params.name} not found`);
    const args = request.params.arguments ?? {};
    const checked = CHECKS.get(tool.name)!(args);
    if (!checked.valid) {
      return failure(`Input validation error: Invalid arguments for tool ${tool.name}: ${checked.errorMessage}`);
    }
    try {
      return await tool.run(args, connector, deps);
    } catch (error) {
      // A dependency's words (a database or NATS message) stay in the log, never in the answer.
      logger.error(`tool ${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      return failure(`The tool ${tool.name} could not answer just now; try again in a moment.`);
    }
  });
  return server;
}
