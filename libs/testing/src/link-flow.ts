import { type TestPlatform, type TestTeam } from './test-platform.js';

/** Small timings so the scheduler, backoff and deliveries happen within a test. */
export const FAST_SYNC_ENV = {
  SYNC_POLL_INTERVAL_MS: '1000',
  SYNC_SCHEDULER_TICK_MS: '200',
  SYNC_LEASE_MS: '4000',
  SYNC_RETRY_BASE_MS: '500',
  SYNC_MAX_BACKOFF_MS: '4000',
  RETAILER_REQUEST_TIMEOUT_MS: '1500',
};

export const FAST_EVENTS_ENV = { WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,2,2', DELIVERY_POLL_MS: '200' };

/** The sandbox retailer's admin API (development token), for accounts, orders, broken sessions, failures. */
export class SandboxAdmin {
  constructor(readonly baseUrl: string) {}

  static of(platform: TestPlatform): SandboxAdmin {
    return new SandboxAdmin(platform.platform.service('sandbox-retailer').url);
  }

  createAccount(retailerId: string, email: string, password: string, oneTimeCode: boolean | string = false) {
    return this.call<{ one_time_code: string | null }>('POST', `/admin/r/${retailerId}/accounts`, {
      email,
      password,
      one_time_code: oneTimeCode,
    });
  }

  /** Random realistic orders: dated now, or spread over the past `backDateDays` (a history); or one order of `lines`. */
  addOrders(
    retailerId: string,
    email: string,
    body: { count?: number; back_date_days?: number; ordered_at?: string; lines?: Array<Record<string, unknown>> } = {},
  ) {
    return this.call<{ orders: Array<{ order_id: string }> }>(
      'POST',
      `/admin/r/${retailerId}/accounts/${encodeURIComponent(email)}/orders`,
      body,
    );
  }

  expireSessions(retailerId: string, email: string) {
    return this.call('POST', `/admin/r/${retailerId}/accounts/${encodeURIComponent(email)}/sessions/expire`, {});
  }

  changePassword(retailerId: string, email: string, password: string) {
    return this.call('POST', `/admin/r/${retailerId}/accounts/${encodeURIComponent(email)}/password`, { password });
  }

  injectFailure(retailerId: string, rule: Record<string, unknown>) {
    return this.call<{ failure_id: string }>('POST', `/admin/r/${retailerId}/failures`, rule);
  }

  async clearFailures(retailerId: string): Promise<void> {
    await this.call('DELETE', `/admin/r/${retailerId}/failures`);
  }

  private async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: 'Bearer sandbox-admin-development-token',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

export interface Page {
  status: number;
  html: string;
  /** Set when the flow redirected outside the gateway (the brand's redirect_url). */
  exitedTo: URL | null;
}

/**
 * A shopper's browser without a browser: keeps the link-flow cookie, follows the gateway's redirects, and
 * submits the pages' forms with their CSRF token. Stops at a redirect that leaves the gateway.
 */
export class LinkFlowClient {
  private cookie: string | null = null;
  page: Page = { status: 0, html: '', exitedTo: null };

  constructor(readonly gatewayUrl: string) {}

  async open(pathAndQuery: string): Promise<Page> {
    return (this.page = await this.follow(await this.request('GET', pathAndQuery)));
  }

  /** Submits a form of the current page (its CSRF token is added). */
  async submit(action: string, fields: Record<string, string>): Promise<Page> {
    const csrf = /name="csrf" value="([^"]+)"/.exec(this.page.html)?.[1] ?? '';
    return (this.page = await this.follow(await this.request('POST', `/link/${action}`, { csrf, ...fields })));
  }

  /** A form post with exactly these fields (no CSRF token added). */
  async postRaw(action: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request('POST', `/link/${action}`, fields, headers);
  }

  get hasCookie(): boolean {
    return this.cookie !== null;
  }

  /** Retailer ids of the selection page's buttons. */
  listedRetailers(): string[] {
    return [...this.page.html.matchAll(/name="retailer_id" value="([a-z0-9-]+)"/g)].map((match) => match[1]!);
  }

  /** Whether the current page is the consent step (before the retailer sign-in). */
  get atConsent(): boolean {
    return this.page.html.includes('action="/link/consent"');
  }

  /** The history window the consent step has selected (the brand's ask, or a re-linked connection's choice). */
  selectedHistoryWindow(): number | null {
    const match = /name="history_window_days" value="(\d+)" checked/.exec(this.page.html);
    return match ? Number(match[1]) : null;
  }

  /** Answers the consent step: the selected window, or `historyWindowDays`. */
  async consent(historyWindowDays?: number): Promise<Page> {
    if (!this.atConsent) throw new Error(`not at the consent step: ${this.text()}`);
    const days = historyWindowDays ?? this.selectedHistoryWindow();
    return this.submit('consent', { history_window_days: String(days) });
  }

  /**
   * Chooses a retailer, answers the consent step (the selected window unless given), signs in, answers the code
   * when asked; returns where the exit sent the browser.
   */
  async linkAccount(
    retailerId: string | null,
    email: string,
    password: string,
    code?: string,
    historyWindowDays?: number,
  ): Promise<URL> {
    if (retailerId !== null) await this.submit('retailer', { retailer_id: retailerId });
    await this.consent(historyWindowDays);
    await this.submit('sign-in', { email, password });
    if (this.page.html.includes('name="code"')) {
      if (!code) throw new Error('the retailer asked for a one-time code');
      await this.submit('code', { code });
    }
    if (!this.page.html.includes('is linked')) throw new Error(`not linked: ${this.text()}`);
    await this.submit('exit', {});
    if (!this.page.exitedTo) throw new Error('the flow did not redirect back');
    return this.page.exitedTo;
  }

  /** The page's visible text, for assertions and error messages. */
  text(): string {
    return this.page.html
      .replace(/<style>[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }

  private async request(
    method: string,
    pathAndQuery: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const response = await fetch(new URL(pathAndQuery, this.gatewayUrl), {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(form
          ? { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(this.gatewayUrl).origin }
          : {}),
        ...headers,
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = /Max-Age=0/i.test(setCookie) || pair.endsWith('=') ? null : pair;
    }
    return response;
  }

  private async follow(response: Response): Promise<Page> {
    let current = response;
    for (let hops = 0; hops < 5; hops += 1) {
      if (current.status < 300 || current.status >= 400) break;
      const location = new URL(current.headers.get('location') ?? '', this.gatewayUrl);
      await current.text();
      if (location.origin !== new URL(this.gatewayUrl).origin || !location.pathname.startsWith('/link')) {
        return { status: current.status, html: '', exitedTo: location };
      }
      current = await this.request('GET', `${location.pathname}${location.search}`);
    }
    return { status: current.status, html: await current.text(), exitedTo: null };
  }
}

/** Creates a link token for a customer through the REST API. */
export async function createLinkToken(
  platform: TestPlatform,
  team: TestTeam,
  body: { customer_id: string; email?: string; tags?: Record<string, string> },
): Promise<string> {
  const response = await platform.api('/link-tokens', { method: 'POST', apiKey: team.apiKey, body });
  if (response.status !== 201) throw new Error(`link token: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { link_token: string }).link_token;
}

/** Enables a retailer for the team with the given link settings; returns its link id. */
export async function enableRetailer(
  platform: TestPlatform,
  team: TestTeam,
  retailerId: string,
  settings: Record<string, unknown> = {},
): Promise<string> {
  const response = await platform.api(`/retailers/${retailerId}`, {
    method: 'PATCH',
    apiKey: team.apiKey,
    body: { enabled: true, ...settings },
  });
  if (response.status !== 200) throw new Error(`retailer: ${response.status} ${JSON.stringify(response.body)}`);
  const linkUrl = (response.body as { link_url: string }).link_url;
  return linkUrl.slice(linkUrl.lastIndexOf('/') + 1);
}
