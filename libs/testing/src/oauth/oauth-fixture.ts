import pg from 'pg';
import { TestPlatform } from '../test-platform.js';
import { BrowserlessFlow, pkcePair } from './browserless-flow.js';

export const FULL_SCOPE = 'connections:read retailers:read purchases:brand_products';
export const REDIRECT_URI = 'http://127.0.0.1:8765/callback';

export interface PartnerAppFixture {
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  ownerTeamId: string;
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * auth-server (and any other services a test asks for) with an adjustable clock, plus what the OAuth tests
 * need: apps, users in one or two teams, codes, token requests and a SQL connection to look at stored state.
 */
export class OAuthFixture {
  private constructor(
    readonly platform: TestPlatform,
    readonly db: pg.Client,
  ) {}

  static async start(services: string[] = ['auth-server'], serviceEnv: Record<string, NodeJS.ProcessEnv> = {}) {
    const platform = await TestPlatform.start({
      services,
      serviceEnv: { ...serviceEnv, 'auth-server': { AUTH_TEST_CLOCK: 'true', ...serviceEnv['auth-server'] } },
    });
    const db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    return new OAuthFixture(platform, db);
  }

  /** `{auth_url}`: AUTH_ISSUER as the harness sets it (auth-server's own default is http://localhost:{PORT}). */
  get authUrl(): string {
    return (
      this.platform.platform.options.env.AUTH_ISSUER ??
      `http://localhost:${this.platform.platform.service('auth-server').options.port}`
    );
  }

  /** `{base_url}` as the harness configured it for every service. */
  get baseUrl(): string {
    return this.platform.platform.options.env.PUBLIC_BASE_URL!;
  }

  /** `{mcp_url}` as the harness configured it (whether or not an mcp-server runs). */
  get mcpUrl(): string {
    return this.platform.platform.options.env.MCP_PUBLIC_URL!;
  }

  async stop(): Promise<void> {
    await this.db.end().catch(() => undefined);
    await this.platform.stop();
  }

  async createApp(name = 'Loyalty Co', extra: { redirectUris?: string[]; webhookUrl?: string } = {}) {
    const { team_id } = await this.platform.admin.createTeam(`${name} owner`);
    const app = await this.platform.admin.createPartnerApp(
      team_id,
      name,
      extra.redirectUris ?? [REDIRECT_URI],
      extra.webhookUrl,
    );
    return {
      clientId: app.client_id,
      clientSecret: app.client_secret,
      webhookSecret: app.webhook_secret,
      ownerTeamId: team_id,
    };
  }

  /** A dashboard user in the given number of new teams. */
  async createUser(teams = 1, password = 'correct horse battery') {
    const teamIds: string[] = [];
    for (let i = 0; i < teams; i += 1) teamIds.push((await this.platform.admin.createTeam(`Brand ${i + 1}`)).team_id);
    const email = `user-${Math.random().toString(36).slice(2)}@brand.test`;
    await this.platform.admin.createUser(email, password, teamIds);
    return { email, password, teamIds };
  }

  authorizeUrl(clientId: string, challenge: string, overrides: Record<string, string | null> = {}): string {
    const url = new URL(`${this.authUrl}/oauth/authorize`);
    const params: Record<string, string | null> = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      resource: this.baseUrl,
      state: `state-${Math.random().toString(36).slice(2)}`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
    return url.toString();
  }

  /** Runs the browser flow without a browser and returns a fresh code with its verifier. */
  async code(
    app: PartnerAppFixture,
    user: { email: string; password: string; teamIds: string[] },
    options: { team?: string } = {},
  ): Promise<{ code: string; verifier: string }> {
    const { verifier, challenge } = pkcePair();
    const callback = await new BrowserlessFlow(this.authUrl).authorize(
      this.authorizeUrl(app.clientId, challenge),
      user,
      {
        team: options.team ?? user.teamIds[0],
      },
    );
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code in ${callback.toString()}`);
    return { code, verifier };
  }

  async token(
    app: { clientId: string; clientSecret: string },
    form: Record<string, string>,
    secret?: string,
  ): Promise<TokenAnswer> {
    return this.post('/oauth/token', app.clientId, secret ?? app.clientSecret, form);
  }

  async exchange(
    app: PartnerAppFixture,
    code: { code: string; verifier: string },
    overrides: Record<string, string> = {},
  ) {
    return this.token(app, {
      grant_type: 'authorization_code',
      code: code.code,
      redirect_uri: REDIRECT_URI,
      code_verifier: code.verifier,
      ...overrides,
    });
  }

  async refresh(app: PartnerAppFixture, refreshToken: string) {
    return this.token(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async revoke(app: { clientId: string; clientSecret: string }, token: string, secret?: string) {
    return this.post('/oauth/revoke', app.clientId, secret ?? app.clientSecret, { token });
  }

  /** A new installation (app, user's first team) with its first tokens. */
  async install(app: PartnerAppFixture, user?: { email: string; password: string; teamIds: string[] }) {
    const owner = user ?? (await this.createUser());
    const answer = await this.exchange(app, await this.code(app, owner));
    if (answer.status !== 200) throw new Error(`exchange failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return {
      user: owner,
      tokens: answer.body as Record<string, string> & { refresh_token: string; access_token: string },
    };
  }

  /**
   * A data-query connector (an MCP client, public with PKCE): registered by RFC 7591 (unless `clientId` names one),
   * authorized by `user` on `team` (their first by default) without a browser, and its first tokens.
   */
  async connectConnector(
    user: { email: string; password: string; teamIds: string[] },
    options: { team?: string; name?: string; scope?: string; clientId?: string } = {},
  ): Promise<{ clientId: string; tokens: { access_token: string; refresh_token: string; scope: string } }> {
    const clientId = options.clientId ?? (await this.registerConnector(options.name ?? 'Test connector'));
    const { verifier, challenge } = pkcePair();
    const url = this.authorizeUrl(clientId, challenge, { resource: this.mcpUrl, scope: options.scope ?? 'mcp:read' });
    const callback = await new BrowserlessFlow(this.authUrl).authorize(url, user, {
      team: options.team ?? user.teamIds[0],
    });
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code in ${callback.toString()}`);
    const answer = await this.connectorToken(clientId, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    if (answer.status !== 200) throw new Error(`exchange failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { clientId, tokens: answer.body as { access_token: string; refresh_token: string; scope: string } };
  }

  /** Registers a connector client (RFC 7591, loopback redirect URI) and answers its client_id. */
  async registerConnector(name: string): Promise<string> {
    const registered = await fetch(`${this.authUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT_URI] }),
    });
    if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
    return ((await registered.json()) as { client_id: string }).client_id;
  }

  /** The token endpoint for a public connector client (its `client_id` in the form, no client authentication). */
  async connectorToken(clientId: string, form: Record<string, string>): Promise<TokenAnswer> {
    const response = await fetch(`${this.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, ...form }).toString(),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    };
  }

  async advanceClock(seconds: number): Promise<void> {
    await this.clock({ advance_seconds: seconds });
  }

  async resetClock(): Promise<void> {
    await this.clock({ reset: true });
  }

  async installation(
    clientId: string,
    teamId: string,
  ): Promise<{ id: string; status: string; scope: string } | undefined> {
    const { rows } = await this.db.query(
      'SELECT id, status, scope FROM auth.installations WHERE client_id = $1 AND team_id = $2',
      [clientId, teamId],
    );
    return rows[0];
  }

  /** Envelopes in auth-server's outbox for one subject, oldest first. */
  async events(subject: string): Promise<Array<{ data: Record<string, unknown>; teamId?: string }>> {
    const { rows } = await this.db.query('SELECT envelope FROM auth.outbox WHERE subject = $1 ORDER BY id', [subject]);
    return rows.map((row: { envelope: { data: Record<string, unknown>; teamId?: string } }) => row.envelope);
  }

  private async clock(body: object): Promise<void> {
    const response = await fetch(`${this.authUrl}/__test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`clock: ${response.status}`);
  }

  private async post(
    path: string,
    clientId: string,
    secret: string,
    form: Record<string, string>,
  ): Promise<TokenAnswer> {
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
    const response = await fetch(`${this.authUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    };
  }
}
