import { MinLength } from 'class-validator';
import { EnvHttpUrl, loadConfig } from '@cps/config';
import { DEVELOPMENT_SANDBOX_ADMIN_TOKEN } from '@cps/domain';

/** A client's defaults: against a production sandbox the development token is simply refused there. */
class SandboxClientEnv {
  @EnvHttpUrl()
  SANDBOX_RETAILER_URL = 'http://127.0.0.1:3020';

  @MinLength(1)
  SANDBOX_ADMIN_TOKEN = DEVELOPMENT_SANDBOX_ADMIN_TOKEN;
}

interface SandboxAccountRequest {
  email: string;
  password: string;
  /** true: a random six-digit code; a string: that code; false: no code step. */
  oneTimeCode: boolean | string;
}

/** The sandbox retailer's admin API over HTTP (it is not on NATS: it plays a retailer's website). */
export class SandboxRetailerClient {
  constructor(
    private readonly baseUrl: string,
    private readonly adminToken: string,
    private readonly timeoutMs = 10_000,
  ) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): SandboxRetailerClient {
    const config = loadConfig(SandboxClientEnv, env);
    return new SandboxRetailerClient(config.SANDBOX_RETAILER_URL, config.SANDBOX_ADMIN_TOKEN);
  }

  createAccount(retailerId: string, account: SandboxAccountRequest): Promise<object> {
    return this.post(`/admin/r/${encodeURIComponent(retailerId)}/accounts`, {
      email: account.email,
      password: account.password,
      one_time_code: account.oneTimeCode,
    });
  }

  /** One new order dated now, of `items` random products (1-6 when omitted). */
  createOrder(retailerId: string, email: string, items?: number): Promise<object> {
    return this.post(
      `/admin/r/${encodeURIComponent(retailerId)}/accounts/${encodeURIComponent(email)}/orders`,
      items === undefined ? {} : { items },
    );
  }

  private async post(path: string, body: object): Promise<object> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.adminToken}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new Error(`cannot reach the sandbox retailer at ${this.baseUrl}; is the platform running (npm start)?`);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON; reported by status below
    }
    if (!response.ok) {
      const detail = (parsed as { detail?: unknown } | null)?.detail;
      throw new Error(`${response.status} ${typeof detail === 'string' ? detail : text.slice(0, 200)}`);
    }
    return parsed as object;
  }
}
