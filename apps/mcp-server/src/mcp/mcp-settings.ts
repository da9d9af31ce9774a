import { type ModelSettings } from '../ask/model-translator.js';
import { type McpConfig } from '../config.js';

/** What the MCP parts read from configuration (injected, so tests can build their own). */
export class McpSettings {
  constructor(
    /** `{mcp_url}`: the resource and the audience of connector tokens. */
    readonly resource: string,
    readonly issuer: string,
    readonly jwksUrl: string,
    readonly baseUrl: string,
    readonly queriesPerMinute: number,
    readonly model: ModelSettings | null,
  ) {}

  static from(config: McpConfig): McpSettings {
    return new McpSettings(
      config.MCP_PUBLIC_URL,
      config.AUTH_ISSUER,
      config.AUTH_JWKS_URL,
      config.PUBLIC_BASE_URL,
      config.MCP_QUERIES_PER_MINUTE,
      config.ASK_MODEL_URL
        ? {
            url: config.ASK_MODEL_URL,
            model: config.ASK_MODEL_NAME ?? 'default',
            ...(config.ASK_MODEL_API_KEY ? { apiKey: config.ASK_MODEL_API_KEY } : {}),
          }
        : null,
    );
  }

  /** RFC 9728 §3.1: the metadata URL of a resource with a path inserts the well-known segment before it. */
  get resourceMetadataUrl(): string {
    const url = new URL(this.resource);
    const path = url.pathname === '/' ? '' : url.pathname;
    return new URL(`/.well-known/oauth-protected-resource${path}`, url).href;
  }

  /** The path the MCP endpoint is served at (the path of `{mcp_url}`). */
  get path(): string {
    return new URL(this.resource).pathname;
  }
}

export const MCP_SCOPE = 'mcp:read';
