/**
 * Where the platform's public addresses answer on a development machine (npm start, each app on its own port): the
 * default of every variable a service reads one of them from (`PUBLIC_BASE_URL = DEVELOPMENT_URLS.PUBLIC_BASE_URL`).
 * Production sets the variables.
 */
export const DEVELOPMENT_URLS: Readonly<Record<'PUBLIC_BASE_URL' | 'AUTH_ISSUER' | 'MCP_PUBLIC_URL', string>> = {
  /** `{base_url}`: the REST API (api-gateway). */
  PUBLIC_BASE_URL: 'http://localhost:3000',
  /** `{auth_url}`: the OAuth authorization server (auth-server). */
  AUTH_ISSUER: 'http://localhost:3001',
  /** `{mcp_url}`: the MCP endpoint (mcp-server). */
  MCP_PUBLIC_URL: 'http://localhost:3003/mcp',
};
