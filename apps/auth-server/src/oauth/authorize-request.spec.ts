import { checkAuthorizeRequest, errorRedirectUrl, type AuthorizeVerdict } from './authorize-request.js';
import { FULL_SCOPE } from './scope-policy.js';

const BASE = 'https://api.example.com';
const MCP = 'https://mcp.example.com/mcp';
const REDIRECT = 'https://partner.example/cb';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const valid: Record<string, string> = {
  response_type: 'code',
  client_id: 'cpa_1',
  redirect_uri: REDIRECT,
  resource: BASE,
  state: 'xyz',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
};

const check = (params: Record<string, string | null>, extra = ''): Promise<AuthorizeVerdict> => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...valid, ...params })) if (value !== null) search.set(name, value);
  return checkAuthorizeRequest(
    new URLSearchParams(`${search.toString()}${extra}`),
    BASE,
    (id) =>
      Promise.resolve(
        id === 'cpa_1'
          ? { redirectUris: [REDIRECT] }
          : id === 'mcpc_1'
            ? { redirectUris: [REDIRECT], connector: true }
            : null,
      ),
    MCP,
  );
};

describe('checkAuthorizeRequest for data-query connectors', () => {
  const connector = (params: Record<string, string | null>) => check({ client_id: 'mcpc_1', resource: MCP, ...params });

  it('defaults the scope to mcp:read and the resource to {mcp_url}', async () => {
    await expect(connector({ scope: null })).resolves.toEqual({ kind: 'accept', scope: 'mcp:read', resource: MCP });
    await expect(connector({ resource: null })).resolves.toEqual({ kind: 'accept', scope: 'mcp:read', resource: MCP });
  });

  it('accepts connector scopes with mcp:read, written in a fixed order', async () => {
    await expect(connector({ scope: 'retailers:write mcp:read connections:write' })).resolves.toEqual({
      kind: 'accept',
      scope: 'mcp:read retailers:write connections:write',
      resource: MCP,
    });
  });

  it.each([
    ['without mcp:read', { scope: 'retailers:read' }, 'invalid_scope'],
    ['a partner scope', { scope: 'mcp:read purchases:brand_products' }, 'invalid_scope'],
    ['a repeated scope', { scope: 'mcp:read mcp:read' }, 'invalid_scope'],
    ['the REST API as resource', { resource: BASE }, 'invalid_target'],
  ])('refuses %s', async (_name, params, error) => {
    await expect(connector(params)).resolves.toMatchObject({ kind: 'error-redirect', error });
  });

  it('keeps partner apps off {mcp_url}', async () => {
    await expect(check({ resource: MCP })).resolves.toMatchObject({ kind: 'error-redirect', error: 'invalid_target' });
  });
});

describe('checkAuthorizeRequest', () => {
  it('accepts a valid request and fills in the omitted scope', async () => {
    await expect(check({})).resolves.toEqual({ kind: 'accept', scope: FULL_SCOPE, resource: BASE });
  });

  it.each<[string, Record<string, string | null>]>([
    ['no client_id', { client_id: null }],
    ['unknown client_id', { client_id: 'cpa_2' }],
    ['no redirect_uri', { redirect_uri: null }],
    ['unregistered redirect_uri', { redirect_uri: 'https://partner.example/cb2' }],
  ])('%s -> error page', async (_name, params) => {
    await expect(check(params)).resolves.toMatchObject({ kind: 'error-page', error: 'invalid_request' });
  });

  it.each<[string, Record<string, string | null>, string]>([
    ['no response_type', { response_type: null }, 'invalid_request'],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['response_mode fragment', { response_mode: 'fragment' }, 'invalid_request'],
    ['no resource', { resource: null }, 'invalid_request'],
    ['other resource', { resource: 'https://api.example.com/v2' }, 'invalid_target'],
    ['subset scope', { scope: 'connections:read' }, 'invalid_scope'],
    ['no code_challenge_method', { code_challenge_method: null }, 'invalid_request'],
    ['plain method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no code_challenge', { code_challenge: null }, 'invalid_request'],
    ['short code_challenge', { code_challenge: 'abc' }, 'invalid_request'],
    ['request object', { request: 'x' }, 'request_not_supported'],
    ['request_uri', { request_uri: 'urn:x' }, 'request_uri_not_supported'],
  ])('%s -> redirect with error and state', async (_name, params, error) => {
    await expect(check(params)).resolves.toEqual(
      expect.objectContaining({ kind: 'error-redirect', redirectUri: REDIRECT, error, state: 'xyz' }),
    );
  });

  it('missing state -> redirect without state', async () => {
    const verdict = await check({ state: null });
    expect(verdict).toMatchObject({ kind: 'error-redirect', error: 'invalid_request' });
    expect(verdict).not.toHaveProperty('state');
  });

  it('a repeated parameter -> invalid_request', async () => {
    await expect(check({}, '&resource=https%3A%2F%2Fapi.example.com')).resolves.toMatchObject({
      error: 'invalid_request',
    });
  });

  it('builds the error callback URL with state and iss', () => {
    const url = new URL(
      errorRedirectUrl(
        {
          kind: 'error-redirect',
          redirectUri: `${REDIRECT}?keep=1`,
          error: 'invalid_scope',
          description: 'd',
          state: 's',
        },
        'https://auth.example.com',
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keep: '1',
      error: 'invalid_scope',
      error_description: 'd',
      state: 's',
      iss: 'https://auth.example.com',
    });
  });
});
