import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair as a client makes it. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface Step {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
}

/**
 * Walks the authorization flow over plain HTTP with a cookie jar, the way a browser would (the end-to-end
 * test does it in a real browser). Used by the tests that need many codes.
 */
export class BrowserlessFlow {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly authUrl: string) {}

  async get(url: string): Promise<Step> {
    return this.send(url, { method: 'GET' });
  }

  async post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Step> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Follows redirects that stay on the authorization server; stops at a page or at the client's callback. */
  async follow(step: Step): Promise<Step> {
    let current = step;
    while (current.location && current.location.startsWith(this.authUrl)) current = await this.get(current.location);
    while (current.location && current.location.startsWith('/')) {
      current = await this.get(`${this.authUrl}${current.location}`);
      while (current.location && current.location.startsWith(this.authUrl)) current = await this.get(current.location);
    }
    return current;
  }

  /** Authorizes and returns the callback URL the server redirected to. */
  async authorize(
    url: string,
    user: { email: string; password: string },
    options: { team?: string; decision?: 'allow' | 'deny' } = {},
  ): Promise<URL> {
    let step = await this.follow(await this.get(url));
    if (step.location) return new URL(step.location);
    if (step.body.includes('name="password"')) {
      step = await this.follow(await this.post(this.action(step), { csrf: csrf(step), ...user }));
      if (step.location) return new URL(step.location);
    }
    if (step.body.includes('name="team" value=') && step.body.includes('type="radio"')) {
      const action = this.action(step);
      step = await this.follow(await this.get(`${action}?team=${encodeURIComponent(options.team ?? '')}`));
    }
    if (!step.body.includes('name="decision"'))
      throw new Error(`no consent page: ${step.status} ${step.body.slice(0, 300)}`);
    const team = /name="team" value="([^"]+)"/.exec(step.body)![1]!;
    const done = await this.follow(
      await this.post(this.action(step), { csrf: csrf(step), team, decision: options.decision ?? 'allow' }),
    );
    if (!done.location) throw new Error(`no callback: ${done.status} ${done.body.slice(0, 300)}`);
    return new URL(done.location);
  }

  action(step: Step): string {
    const action = /<form method="(?:post|get)" action="([^"]+)"/.exec(step.body)?.[1];
    if (!action) throw new Error(`no form on page: ${step.body.slice(0, 300)}`);
    return `${this.authUrl}${action}`;
  }

  private async send(url: string, init: RequestInit): Promise<Step> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      body: await response.text(),
      headers: response.headers,
    };
  }
}

export function csrf(step: Step): string {
  const value = /name="csrf" value="([^"]+)"/.exec(step.body)?.[1];
  if (!value) throw new Error('no csrf field');
  return value;
}
