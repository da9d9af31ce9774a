import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { type LookupFunction } from 'node:net';
import { type OutboundGuard, type ResolvedAddress } from './outbound-guard.js';

/** A request the guard refused; its message is safe to show (no address, no URL). */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Time-boxes the whole call, the DNS lookup included. */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  /** The start of the body as text (at most `BODY_PREFIX_BYTES`), once read: what a receiver answered, to show. */
  bodyPrefix: Promise<string>;
}

/** How much of a response body is kept to show (a webhook receiver's answer on the delivery page). */
const BODY_PREFIX_BYTES = 2048;

/** A response body is drained (so the connection is kept alive) up to this size, then the connection is dropped. */
const MAX_DRAINED_BYTES = 64 * 1024;

/**
 * HTTP(S) through an OutboundGuard: the host is vetted once and the socket connects only to the vetted
 * addresses (a pinned `lookup`), while the Host header and TLS SNI/certificate check keep using the name.
 * Redirects are never followed: a 3xx is returned as is. Connections are kept alive.
 */
export class OutboundHttpClient {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  constructor(private readonly guard: OutboundGuard) {}

  async request(url: string | URL, init: OutboundRequest): Promise<OutboundResponse> {
    const target = new URL(url);
    const protocol = target.protocol;
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new OutboundRefusedError('only http and https destinations are allowed');
    }
    init.signal?.throwIfAborted();
    const verdict = await this.guard.vet(target.hostname, init.signal);
    if (!verdict.allowed) throw new OutboundRefusedError(verdict.message);

    const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const client = protocol === 'https:' ? https : http;
    return new Promise<OutboundResponse>((resolve, reject) => {
      const request = client.request(
        {
          protocol,
          hostname,
          port: target.port || undefined,
          path: `${target.pathname}${target.search}`,
          auth: target.username
            ? `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`
            : undefined,
          method: init.method,
          headers: init.headers,
          agent: this.agents[protocol],
          signal: init.signal,
          lookup: pinnedLookup(verdict.addresses),
        },
        (response) => {
          resolve({ status: response.statusCode ?? 0, bodyPrefix: drain(response) });
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });
  }

  /** Closes the kept-alive connections (on shutdown). */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}

/** A `lookup` that answers only with addresses already vetted: the connection cannot go anywhere else. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const usable = addresses.filter(({ family }) => !options.family || options.family === family);
    if (usable.length === 0) {
      callback(Object.assign(new Error('no vetted address of the requested family'), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, usable[0].address, usable[0].family);
    }
  };
}

/** Reads the body away (keeping the connection usable) and answers its first bytes when it ends or is cut. */
function drain(response: IncomingMessage): Promise<string> {
  let bytes = 0;
  const kept: Buffer[] = [];
  return new Promise((resolve) => {
    const done = () => resolve(Buffer.concat(kept).subarray(0, BODY_PREFIX_BYTES).toString('utf8'));
    response.on('error', done);
    response.on('end', done);
    response.on('close', done);
    response.on('data', (chunk: Buffer) => {
      if (bytes < BODY_PREFIX_BYTES) kept.push(chunk.subarray(0, BODY_PREFIX_BYTES - bytes));
      bytes += chunk.length;
      if (bytes > MAX_DRAINED_BYTES) response.destroy();
    });
  });
}
