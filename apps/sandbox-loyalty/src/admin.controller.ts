import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  Inject,
  Injectable,
  Post,
  Query,
  Res,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import { constantTimeEqual, sha256 } from '@cps/persistence';
import { type SandboxLoyaltyConfig } from './config.js';
import { LOYALTY_APIS, ReceivedCalls, type CallRow, type LoyaltyApi } from './received-calls.js';
import { escapeHtml } from '@cps/domain';

export const LOYALTY_CONFIG = Symbol('LOYALTY_CONFIG');

/** `Authorization: Bearer <SANDBOX_ADMIN_TOKEN>`, or Basic with it as the password (so a browser can open /admin). */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expectedHash: string;

  constructor(@Inject(LOYALTY_CONFIG) config: Pick<SandboxLoyaltyConfig, 'SANDBOX_ADMIN_TOKEN'>) {
    this.expectedHash = sha256(config.SANDBOX_ADMIN_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
    const password = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':') : undefined;
    const token = bearer ?? password;
    if (token && constantTimeEqual(sha256(token), this.expectedHash)) return true;
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader('WWW-Authenticate', 'Basic realm="sandbox-loyalty", charset="UTF-8"');
    throw new HttpException({ error: 'unauthorized', detail: 'the admin API needs the SANDBOX_ADMIN_TOKEN' }, 401);
  }
}

function apiOf(value: unknown): LoyaltyApi | null {
  return typeof value === 'string' && (LOYALTY_APIS as readonly string[]).includes(value)
    ? (value as LoyaltyApi)
    : null;
}

function page(calls: CallRow[], balances: Array<{ customer: string; points: number }>): string {
  const cell = (value: unknown) => `<td>${escapeHtml(value === null || value === undefined ? '' : String(value))}</td>`;
  const callRows = calls
    .map((c) =>
      [c.id, c.api, c.event_name, c.customer, c.points, c.deliveries, c.idempotency_key, c.first_received_at]
        .map(cell)
        .join(''),
    )
    .map((cells) => `<tr>${cells}</tr>`)
    .join('\n');
  const balanceRows = balances.map((b) => `<tr>${cell(b.customer)}${cell(b.points)}</tr>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox loyalty: received calls</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;margin-bottom:2rem}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}</style>
</head><body><h1>Sandbox loyalty and marketing platform</h1>
<h2>Points balances</h2><table><thead><tr><th>customer</th><th>points</th></tr></thead><tbody>
${balanceRows}
</tbody></table>
<h2>Received calls</h2><p>One row per idempotency key; <em>deliveries</em> counts how many times it arrived (repeats are applied once).</p>
<table><thead><tr><th>#</th><th>api</th><th>event</th><th>customer</th><th>points</th><th>deliveries</th><th>idempotency key</th><th>first received</th></tr></thead><tbody>
${callRows}
</tbody></table></body></html>`;
}

/** What the sandbox received (JSON, and an HTML view), and failure injection for tests. */
@Controller('admin')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(private readonly calls: ReceivedCalls) {}

  @Get()
  async view(@Res() res: Response): Promise<void> {
    res
      .status(200)
      .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .setHeader('Cache-Control', 'no-store')
      .type('html')
      .send(page(await this.calls.list(null), await this.calls.balances()));
  }

  @Get('calls')
  async list(@Query('api') api: unknown) {
    if (api !== undefined && apiOf(api) === null) {
      throw new HttpException({ error: 'bad_request', detail: `api is one of ${LOYALTY_APIS.join(', ')}` }, 400);
    }
    return { calls: await this.calls.list(apiOf(api)) };
  }

  @Get('balances')
  async balances() {
    return { balances: await this.calls.balances() };
  }

  /** `{api, count, status}`: the next `count` calls of that API answer `status` (e.g. 503) and are not applied. */
  @Post('failures')
  @HttpCode(204)
  inject(@Body() body: { api?: unknown; count?: unknown; status?: unknown }): void {
    const api = apiOf(body?.api);
    const count = body?.count;
    const status = body?.status;
    if (
      !api ||
      typeof count !== 'number' ||
      !Number.isInteger(count) ||
      count < 0 ||
      typeof status !== 'number' ||
      !Number.isInteger(status) ||
      status < 400 ||
      status > 599
    ) {
      throw new HttpException({ error: 'bad_request', detail: 'needs api, count >= 0 and status 400-599' }, 400);
    }
    this.calls.injectFailures(api, count, status);
  }
}
