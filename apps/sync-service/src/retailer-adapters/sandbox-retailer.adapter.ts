import { type MessageClass } from '@cps/contracts';
import {
  type CallOptions,
  type OneTimeCodeChallenge,
  type OneTimeCodeResult,
  type RetailerAdapter,
  type RetailerCredentials,
  type RetailerOrder,
  type RetailerOrderPage,
  type RetailerSession,
  type SignInResult,
} from './retailer-adapter.js';
import { RateLimited, RetailerUnavailable, SessionLost, type SessionLossReason } from './retailer-errors.js';
import { DEFAULT_RATE_LIMIT_DELAY_MS, parseRetryAfter } from './retry-after.js';
import {
  ChallengeReply,
  cents,
  ErrorReply,
  instant,
  OrderDetailsReply,
  OrderPageReply,
  OrderReply,
  readReply,
  SessionReply,
} from './sandbox-retailer.replies.js';

export interface SandboxRetailerAdapterOptions {
  retailerId: string;
  /** The sandbox retailer, e.g. http://127.0.0.1:3020; this adapter talks to `{baseUrl}/r/{retailerId}`. */
  baseUrl: string;
  /** Whole-call deadline (connect, answer and body). */
  timeoutMs: number;
  /** Orders per list call. */
  pageSize?: number;
  now?: () => Date;
}

const SESSION_ERRORS: Record<string, SessionLossReason> = {
  session_expired: 'expired',
  session_revoked: 'revoked',
  session_invalid: 'invalid',
};

interface Answer {
  status: number;
  body: unknown;
}

/** The sandbox retailer over HTTP (apps/sandbox-retailer), playing one retailer. */
export class SandboxRetailerAdapter implements RetailerAdapter {
  readonly retailerId: string;
  private readonly base: string;
  private readonly pageSize: number;
  private readonly now: () => Date;

  constructor(private readonly options: SandboxRetailerAdapterOptions) {
    this.retailerId = options.retailerId;
    this.base = `${options.baseUrl.replace(/\/+$/, '')}/r/${encodeURIComponent(options.retailerId)}`;
    this.pageSize = options.pageSize ?? 50;
    this.now = options.now ?? (() => new Date());
  }

  async signIn(credentials: RetailerCredentials, options?: CallOptions): Promise<SignInResult> {
    const answer = await this.call('POST', '/sessions', { body: credentials, signal: options?.signal });
    if (answer.status === 201) return { kind: 'signed_in', session: this.session(answer.body) };
    if (answer.status === 202) {
      const challenge = this.parse(ChallengeReply, answer);
      return {
        kind: 'needs_one_time_code',
        challenge: {
          challengeId: challenge.challenge_id,
          sentTo: challenge.sent_to,
          expiresAt: challenge.expires_at === null ? null : instant(challenge.expires_at),
        },
      };
    }
    if (answer.status === 401 && this.errorCode(answer) === 'invalid_credentials') {
      return { kind: 'invalid_credentials' };
    }
    // Input the retailer refuses outright (an overlong email) cannot sign in either.
    if (answer.status === 422) return { kind: 'invalid_credentials' };
    throw this.unexpected(answer);
  }

  async answerOneTimeCode(
    challenge: OneTimeCodeChallenge,
    code: string,
    options?: CallOptions,
  ): Promise<OneTimeCodeResult> {
    const answer = await this.call('POST', '/sessions/one-time-code', {
      body: { challenge_id: challenge.challengeId, code },
      signal: options?.signal,
    });
    if (answer.status === 201) return { kind: 'signed_in', session: this.session(answer.body) };
    if (answer.status === 410) return { kind: 'challenge_expired' };
    if (answer.status === 401 && this.errorCode(answer) === 'invalid_code') {
      return { kind: 'invalid_code', attemptsLeft: readReply(ErrorReply, answer.body)?.attempts_left ?? null };
    }
    // A malformed code is refused before it is checked: for the shopper it is a wrong code.
    if (answer.status === 422) return { kind: 'invalid_code', attemptsLeft: null };
    throw this.unexpected(answer);
  }

  async listOrdersSince(
    session: RetailerSession,
    cursor: string | null,
    options?: CallOptions,
  ): Promise<RetailerOrderPage> {
    const query = new URLSearchParams({ limit: String(this.pageSize) });
    if (cursor !== null) query.set('since', cursor);
    const answer = await this.call('GET', `/orders?${query}`, { session, signal: options?.signal });
    if (answer.status !== 200) throw this.unexpected(answer);
    const page = this.parse(OrderPageReply, answer);
    return {
      orders: page.orders.map((order) => ({
        retailerOrderId: order.order_id,
        orderedAt: instant(order.ordered_at),
        purchaseType: order.channel,
        totalCents: cents(order.total),
      })),
      nextCursor: page.next_cursor,
      hasMore: page.has_more,
    };
  }

  async getOrderDetail(
    session: RetailerSession,
    retailerOrderId: string,
    options?: CallOptions,
  ): Promise<RetailerOrder> {
    const answer = await this.call('GET', `/orders/${encodeURIComponent(retailerOrderId)}`, {
      session,
      signal: options?.signal,
    });
    if (answer.status !== 200) throw this.unexpected(answer);
    return this.order(this.parse(OrderReply, answer));
  }

  /** Up to 100 orders a call (`GET /order-details?ids=`), in chunks of the page size. */
  async getOrderDetails(
    session: RetailerSession,
    retailerOrderIds: string[],
    options?: CallOptions,
  ): Promise<RetailerOrder[]> {
    const orders: RetailerOrder[] = [];
    for (let start = 0; start < retailerOrderIds.length; start += this.pageSize) {
      const ids = retailerOrderIds.slice(start, start + this.pageSize);
      const answer = await this.call('GET', `/order-details?${new URLSearchParams({ ids: ids.join(',') })}`, {
        session,
        signal: options?.signal,
      });
      if (answer.status !== 200) throw this.unexpected(answer);
      const found = new Map(
        this.parse(OrderDetailsReply, answer).orders.map((order) => [order.order_id, this.order(order)]),
      );
      for (const id of ids) {
        const order = found.get(id);
        if (!order) throw this.unexpected(answer);
        orders.push(order);
      }
    }
    return orders;
  }

  private order(order: OrderReply): RetailerOrder {
    return {
      retailerOrderId: order.order_id,
      orderedAt: instant(order.ordered_at),
      purchaseType: order.channel,
      currency: order.currency,
      lines: order.items.map((item) => ({
        name: item.name,
        brand: item.brand,
        upc: item.upc,
        sku: item.sku,
        priceCents: cents(item.unit_price),
        quantity: item.quantity,
      })),
      totals: {
        itemsSubtotal: cents(order.subtotal),
        discounts: cents(order.discounts),
        shipping: cents(order.shipping),
        fees: cents(order.fees),
        tax: cents(order.tax),
        total: cents(order.total),
      },
    };
  }

  /**
   * One HTTP exchange under the deadline. Answers every call shares are turned into errors here:
   * 429, 5xx, and a lost session on calls made with one.
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    request: { body?: unknown; session?: RetailerSession; signal?: AbortSignal },
  ): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.session) headers.authorization = `Bearer ${request.session.token}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
        redirect: 'manual',
      });
      text = await response.text();
    } catch {
      if (timeout.aborted) throw new RetailerUnavailable(this.retailerId, 'timeout');
      if (request.signal?.aborted) throw request.signal.reason;
      throw new RetailerUnavailable(this.retailerId, 'network');
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status decides.
    }
    const answer = { status: response.status, body };
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), this.now());
    if (answer.status === 429) throw new RateLimited(this.retailerId, retryAfter ?? DEFAULT_RATE_LIMIT_DELAY_MS);
    if (answer.status >= 500) throw new RetailerUnavailable(this.retailerId, 'server_error', answer.status, retryAfter);
    if (request.session && answer.status === 401) {
      throw new SessionLost(this.retailerId, SESSION_ERRORS[this.errorCode(answer) ?? ''] ?? 'invalid');
    }
    return answer;
  }

  private session(body: unknown): RetailerSession {
    const session = this.parse(SessionReply, { status: 201, body });
    return {
      token: session.session_token,
      expiresAt: session.expires_at === null ? null : instant(session.expires_at),
    };
  }

  private parse<T extends object>(reply: MessageClass<T>, answer: Answer): T {
    const parsed = readReply(reply, answer.body);
    if (parsed === null) throw this.unexpected(answer);
    return parsed;
  }

  private errorCode(answer: Answer): string | null {
    return readReply(ErrorReply, answer.body)?.error ?? null;
  }

  private unexpected(answer: Answer): RetailerUnavailable {
    return new RetailerUnavailable(this.retailerId, 'unexpected_response', answer.status);
  }
}
