import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eventually } from './eventually.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  at: number;
}

/** A local HTTP endpoint that records every request and answers with a status you choose. */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private server?: Server;
  private respond: (request: Omit<ReceivedRequest, 'status' | 'at'>) => number = () => 200;

  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        };
        const status = this.respond(request);
        this.requests.push({ ...request, status, at: Date.now() });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address !== 'object') throw new Error('receiver has no address');
    this.url = `http://127.0.0.1:${address.port}/hooks`;
    return this;
  }

  /** Sets how the receiver answers from now on. */
  answer(status: number | ((request: Omit<ReceivedRequest, 'status' | 'at'>) => number)): void {
    this.respond = typeof status === 'number' ? () => status : status;
  }

  /** Requests whose JSON body has the given `type`. */
  ofType(type: string): ReceivedRequest[] {
    return this.requests.filter((request) => {
      try {
        return (JSON.parse(request.body) as { type?: string }).type === type;
      } catch {
        return false;
      }
    });
  }

  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs = 20_000): Promise<ReceivedRequest[]> {
    return eventually(() => {
      if (!predicate(this.requests))
        throw new Error(`receiver got ${this.requests.length} requests, not what was expected`);
      return this.requests;
    }, timeoutMs);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
