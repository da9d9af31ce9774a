import { All, Controller, Get, Injectable, Post, Req, Res, type NestMiddleware } from '@nestjs/common';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { type AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { RpcClient } from '@cps/messaging';
import { type NextFunction, type Request, type Response } from 'express';
import { AskService } from '../ask/ask.service.js';
import { ConnectorTokens } from './connector-tokens.js';
import { MCP_SCOPE, McpSettings } from './mcp-settings.js';
import { createMcpServer } from './tools.js';

export const MCP_PATH = 'mcp';

/** 401 with `WWW-Authenticate: Bearer … resource_metadata="…"` (RFC 9728) without a valid `mcp:read` token. */
@Injectable()
export class McpAuthMiddleware implements NestMiddleware {
  private readonly handle: ReturnType<typeof requireBearerAuth>;

  constructor(tokens: ConnectorTokens, settings: McpSettings) {
    this.handle = requireBearerAuth({
      verifier: tokens,
      requiredScopes: [MCP_SCOPE],
      resourceMetadataUrl: settings.resourceMetadataUrl,
      expectedResource: new URL(settings.resource),
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    void this.handle(req, res, next);
  }
}

/** RFC 9728 protected-resource metadata of `{mcp_url}`. */
@Controller()
export class ProtectedResourceController {
  constructor(private readonly settings: McpSettings) {}

  @Get([`.well-known/oauth-protected-resource/${MCP_PATH}`, '.well-known/oauth-protected-resource'])
  metadata() {
    return {
      resource: this.settings.resource,
      authorization_servers: [this.settings.issuer],
      scopes_supported: [MCP_SCOPE],
      bearer_methods_supported: ['header'],
      resource_name: 'Connected Purchases data',
    };
  }
}

/**
 * The Streamable HTTP endpoint, stateless (ADR 0016): every POST gets its own server and transport bound to the
 * connector's team, answers with JSON, and ends. GET (a server-initiated stream) and DELETE (ending a session)
 * have nothing to do without sessions: 405.
 */
@Controller(MCP_PATH)
export class McpController {
  constructor(
    private readonly ask: AskService,
    private readonly rpc: RpcClient,
    private readonly settings: McpSettings,
  ) {}

  @Post()
  async post(@Req() req: Request & { auth?: AuthInfo }, @Res() res: Response): Promise<void> {
    const auth = req.auth!;
    const connector = { teamId: String(auth.extra?.teamId), clientId: auth.clientId };
    const server = createMcpServer(connector, { ask: this.ask, rpc: this.rpc, baseUrl: this.settings.baseUrl });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  @All()
  other(@Res() res: Response): void {
    res
      .status(405)
      .setHeader('Allow', 'POST')
      .json({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless, use POST' },
        id: null,
      });
  }
}
