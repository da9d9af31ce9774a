import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { type OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AuthContracts, SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { createServer } from 'node:http';
import { BrowserlessFlow, eventually, OAuthFixture, pkcePair, REDIRECT_URI } from '@cps/testing';
import { MemoryProvider } from './memory-oauth-provider.js';

/**
 * The data-query server end to end, with the MCP SDK's own client over real HTTP: discovery from a 401, dynamic
 * client registration, sign-in and consent at auth-server (browserless), tokens, tools/list, each tool, team
 * isolation between two connectors, connector scopes at the REST API, and disconnecting (the connector's access
 * tokens are refused within seconds, though unexpired).
 */
const ACTOR = { source: 'API' as const, idType: null, idName: 'mcp test' };

let fixture: OAuthFixture;
const users: Array<{ email: string; password: string; teamIds: string[] }> = [];
const purchases: Record<string, PurchaseDetail[]> = {};

beforeAll(async () => {
  fixture = await OAuthFixture.start(['auth-server', 'sync-service', 'matching-service', 'mcp-server', 'api-gateway']);
  for (const [index, count] of [3, 1].entries()) {
    const user = await fixture.createUser(1);
    users.push(user);
    const teamId = user.teamIds[0]!;
    const connection = await fixture.platform.admin.request(SyncContracts.createSimulatedConnection, {
      teamId,
      actor: ACTOR,
      retailer_id: index === 0 ? 'walmart' : 'target',
      include_purchases: false,
    });
    purchases[teamId] = [];
    for (let n = 0; n < count; n += 1) {
      purchases[teamId].push(
        await fixture.platform.admin.request(SyncContracts.createSimulatedPurchase, {
          teamId,
          connectionId: connection.connection_id,
        }),
      );
    }
  }
});

afterAll(async () => {
  await fixture?.stop();
});

const mcpUrl = () => fixture.platform.mcpUrl;

/** Connects the SDK client the way an MCP host does: 401 -> discovery -> registration -> browser -> token. */
async function connect(user: { email: string; password: string }, scope?: string) {
  const provider = new MemoryProvider();
  const firstTry = new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: provider });
  await expect(new Client({ name: 'test', version: '1.0.0' }).connect(firstTry)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  expect(provider.client?.client_id).toMatch(/^mcpc_/);
  // The SDK asks for the scope the 401 names (mcp:read); a host that wants REST powers too asks for more.
  const authorizationUrl = new URL(provider.authorizationUrl!);
  if (scope) authorizationUrl.searchParams.set('scope', scope);
  const callback = await new BrowserlessFlow(fixture.authUrl).authorize(authorizationUrl.toString(), user);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`authorization failed: ${callback.toString()}`);
  await firstTry.finishAuth(code);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: provider }));
  return { client, provider };
}

/** The status of `tools/list` at `{mcp_url}` with `token`, as any HTTP client sends it. */
async function mcpStatus(token: string): Promise<{ status: number; challenge: string | null }> {
  const response = await fetch(mcpUrl(), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  await response.body?.cancel();
  return { status: response.status, challenge: response.headers.get('www-authenticate') };
}

/** Polls until the token is refused (the revocation travels auth outbox -> NATS -> mcp inbox -> NOTIFY). */
const refusedSoon = (token: string) =>
  eventually(async () => {
    const answer = await mcpStatus(token);
    if (answer.status !== 401) throw new Error(`still ${answer.status}`);
    return answer;
  }, 15_000);

const structured = (result: unknown) => (result as { structuredContent: Record<string, unknown> }).structuredContent;

describe('MCP server with OAuth connectors', () => {
  it('answers 401 with the protected-resource metadata to find auth-server', async () => {
    const response = await fetch(mcpUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    const metadataUrl = `${new URL(mcpUrl()).origin}/.well-known/oauth-protected-resource/mcp`;
    expect(response.headers.get('www-authenticate')).toContain(`resource_metadata="${metadataUrl}"`);
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource: mcpUrl(),
      authorization_servers: [fixture.authUrl],
      scopes_supported: ['mcp:read'],
    });
    const forged = await fetch(mcpUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
      body: '{}',
    });
    expect(forged.status).toBe(401);
  });

  it("connects with the SDK client, lists the tools and answers from the connector's team", async () => {
    const { client, provider } = await connect(users[0]!);
    expect(provider.saved?.scope).toBe('mcp:read');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'get_data_model', 'get_retailers']);
    for (const tool of tools) {
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect(tools.find((tool) => tool.name === 'ask')!.inputSchema).toMatchObject({
      type: 'object',
      properties: { question: { type: 'string', minLength: 1, maxLength: 1000 } },
      required: ['question'],
    });
    // Arguments are checked against the advertised schema before a tool runs.
    for (const [name, args] of [
      ['ask', { question: 42 }],
      ['ask', {}],
      ['get_retailers', { include: 'some' }],
    ] as const) {
      const refused = await client.callTool({ name, arguments: args });
      expect(refused).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: expect.stringMatching(/^Input validation error/) }],
      });
    }
    expect(await client.callTool({ name: 'drop_tables', arguments: {} })).toMatchObject({ isError: true });

    const model = structured(await client.callTool({ name: 'get_data_model', arguments: {} }));
    expect((model.tables as Array<{ name: string }>).map((table) => table.name)).toEqual([
      'retailers',
      'connections',
      'purchases',
      'items',
    ]);

    const teamId = users[0]!.teamIds[0]!;
    const apiKey = (await fixture.platform.admin.createApiKey(teamId, 'compare')).api_key;
    for (const include of ['enabled', 'all'] as const) {
      const viaMcp = structured(await client.callTool({ name: 'get_retailers', arguments: { include } }));
      const viaRest = await fixture.platform.api(`/retailers?include=${include}`, { apiKey });
      expect(viaMcp).toEqual(viaRest.body);
    }

    const spend = purchases[teamId]!.reduce((sum, purchase) => sum + Math.round(Number(purchase.total) * 100), 0);
    const answer = await eventually(async () => {
      const result = structured(await client.callTool({ name: 'ask', arguments: { question: 'Total spend' } }));
      const counted = structured(await client.callTool({ name: 'ask', arguments: { question: 'How many purchases' } }));
      if ((counted.results as Array<{ purchases: number }>)[0]?.purchases !== 3) throw new Error('not projected yet');
      return result;
    });
    expect(answer).toMatchObject({ fields: ['total_spend'], result_count: 1 });
    expect(Number((answer.results as Array<{ total_spend: string }>)[0]!.total_spend)).toBeCloseTo(spend / 100, 2);

    const refused = await client.callTool({ name: 'ask', arguments: { question: 'SELECT * FROM mcp.purchases' } });
    expect(refused.isError).toBe(true);
    expect(structured(refused)).toEqual({ error: expect.stringContaining('SQL') });
    await client.close();
  });

  it("never shows one team's connector another team's data", async () => {
    const { client } = await connect(users[1]!);
    const answer = await eventually(async () => {
      const result = structured(
        await client.callTool({ name: 'ask', arguments: { question: 'Purchases by retailer' } }),
      );
      // The purchase is projected, and the retailer catalog (names) loaded, within seconds of the start.
      if ((result.results as Array<{ retailer: string }>)[0]?.retailer !== 'Target') throw new Error('not yet');
      return result;
    });
    expect(answer.results).toEqual([{ retailer: 'Target', purchases: 1 }]);
    const all = structured(await client.callTool({ name: 'ask', arguments: { question: 'How many connections' } }));
    expect(all.results).toEqual([{ connections: 1 }]);
    await client.close();
  });

  it('lets connector scopes work at the REST API, and disconnecting revokes the refresh token and the access token', async () => {
    const { client, provider } = await connect(users[0]!, 'mcp:read retailers:write connections:write simulator:write');
    expect(provider.saved?.scope).toBe('mcp:read retailers:write connections:write simulator:write');
    const token = provider.saved!.access_token;
    const bearer = (key: string) => ({ authorization: `Bearer ${token}`, 'idempotency-key': `${key}-${Date.now()}` });
    const enabled = await fixture.platform.api('/retailers/target', {
      method: 'PATCH',
      headers: bearer('enable'),
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ retailer_id: 'target', enabled: true });
    const simulated = await fixture.platform.api('/simulated-connections', {
      method: 'POST',
      headers: bearer('simulate'),
      body: { retailer_id: 'walmart', include_purchases: false },
    });
    expect(simulated.status).toBe(201);
    const created = await fixture.platform.api('/link-tokens', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `mcp-${Date.now()}` },
      body: { customer_id: 'shopper-1' },
    });
    expect(created.status).toBe(201);
    // connections:read was not granted
    const listed = await fixture.platform.api('/link-tokens', { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(403);

    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const clientId = provider.client!.client_id;
    const revoked = await fetch(
      `${fixture.authUrl}/oauth/revoke`,
      form({ client_id: clientId, token: provider.saved!.refresh_token! }),
    );
    expect(revoked.status).toBe(200);
    const refreshed = await fetch(
      `${fixture.authUrl}/oauth/token`,
      form({ client_id: clientId, grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token! }),
    );
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    // The access token, unexpired, stops working at the MCP endpoint too, and at the REST API.
    expect((await refusedSoon(token)).challenge).toMatch(/invalid_token/);
    const restAnswer = await eventually(async () => {
      const answer = await fixture.platform.api('/retailers/target', {
        method: 'PATCH',
        headers: bearer('after-revoke'),
        body: { enabled: true },
      });
      if (answer.status !== 401) throw new Error(`still ${answer.status}`);
      return answer;
    }, 15_000);
    expect(restAnswer.status).toBe(401);
    await client.close();
  });

  it("refuses a connector's access token at once when the dashboard disconnects it", async () => {
    const { client, provider } = await connect(users[0]!);
    const other = await connect(users[0]!);
    const token = provider.saved!.access_token;
    expect((await mcpStatus(token)).status).toBe(200);
    const teamId = users[0]!.teamIds[0]!;
    // The dashboard's path: auth.disconnect-connector.v1 for the team.
    await fixture.platform.admin.request(AuthContracts.disconnectConnector, {
      clientId: provider.client!.client_id,
      teamId,
    });
    const refused = await refusedSoon(token);
    expect(refused.challenge).toMatch(/Bearer error="invalid_token"/);
    expect(refused.challenge).toMatch(/resource_metadata=/);
    // Another connector of the same team keeps working.
    expect((await mcpStatus(other.provider.saved!.access_token)).status).toBe(200);
    expect(structured(await other.client.callTool({ name: 'get_data_model', arguments: {} }))).toHaveProperty('tables');
    await client.close();
    await other.client.close();
  });

  it('rotates connector refresh tokens', async () => {
    const { client, provider } = await connect(users[1]!);
    const clientId = provider.client!.client_id;
    const refresh = (token: string) =>
      fetch(`${fixture.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId,
          grant_type: 'refresh_token',
          refresh_token: token,
        }).toString(),
      });
    const first = await refresh(provider.saved!.refresh_token!);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { refresh_token: string; scope: string; service_client_id: string };
    expect(body).toMatchObject({ scope: 'mcp:read', service_client_id: users[1]!.teamIds[0] });
    expect(body.refresh_token).not.toBe(provider.saved!.refresh_token);
    // The rotated token used again: the connector is disconnected, the new token too, and its access tokens.
    const { access_token: accessToken } = body as unknown as { access_token: string };
    expect((await mcpStatus(accessToken)).status).toBe(200);
    expect((await refresh(provider.saved!.refresh_token!)).status).toBe(400);
    expect((await refresh(body.refresh_token)).status).toBe(400);
    await refusedSoon(accessToken);
    await refusedSoon(provider.saved!.access_token);
    await client.close();
  });

  it('refuses registrations a public PKCE client cannot have', async () => {
    const register = (body: unknown) =>
      fetch(`${fixture.authUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await register({ redirect_uris: ['http://evil.example/cb'] })).status).toBe(400);
    expect(
      (await register({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' })).status,
    ).toBe(400);
    expect((await register({ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] })).status).toBe(400);
    const ok = await register({ redirect_uris: [REDIRECT_URI], client_name: 'Inspector' });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ token_endpoint_auth_method: 'none', client_name: 'Inspector' });
  });

  it('accepts a client described by a Client ID Metadata Document', async () => {
    // Served over http on loopback, which auth-server allows outside production (the SDK itself insists on https).
    const server = createServer((_req, res) => {
      const documentUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/client.json`;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          client_id: documentUrl,
          client_name: 'Metadata document client',
          redirect_uris: [REDIRECT_URI],
          token_endpoint_auth_method: 'none',
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const clientId = `http://127.0.0.1:${(server.address() as { port: number }).port}/client.json`;
      const { verifier, challenge } = pkcePair();
      const url = new URL(`${fixture.authUrl}/oauth/authorize`);
      for (const [name, value] of Object.entries({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        resource: mcpUrl(),
        scope: 'mcp:read',
        state: 'cimd',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })) {
        url.searchParams.set(name, value);
      }
      const callback = await new BrowserlessFlow(fixture.authUrl).authorize(url.toString(), users[1]!);
      const code = callback.searchParams.get('code');
      expect(code).toBeTruthy();
      const tokenResponse = await fetch(`${fixture.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId,
          grant_type: 'authorization_code',
          code: code!,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        }).toString(),
      });
      expect(tokenResponse.status).toBe(200);
      const tokens = (await tokenResponse.json()) as OAuthTokens & { service_client_id: string };
      expect(tokens.service_client_id).toBe(users[1]!.teamIds[0]);
      const provider = new MemoryProvider();
      provider.client = { client_id: clientId };
      provider.saved = tokens;
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: provider }));
      const answer = structured(
        await client.callTool({ name: 'ask', arguments: { question: 'How many connections' } }),
      );
      expect(answer.results).toEqual([{ connections: 1 }]);
      await client.close();
    } finally {
      server.close();
    }
  });
});
