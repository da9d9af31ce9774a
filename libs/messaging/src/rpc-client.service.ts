import {
  HttpException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  ServiceUnavailableException,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  NatsResponseJSONDeserializer,
  type ClientProxy,
  type IncomingResponse,
  NatsRecordBuilder,
} from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { lastValueFrom, timeout } from 'rxjs';
import {
  AUDIT_ACTOR_HEADER,
  AUDITED_CHANGES,
  RpcErrorBody,
  toMessage,
  TOLERANT_VALIDATOR_OPTIONS,
  type RpcContract,
  type RpcRequest,
  type RpcResponse,
} from '@cps/contracts';
import { natsServerOptions } from './nats-servers.js';
import { IDEMPOTENCY_HEADER, requestAuditActor, requestIdempotencyKey } from './idempotency.js';
import { SharedInboxClientNats } from '@cps/patches';
import { MESSAGING_OPTIONS, RPC_TRANSPORT, type MessagingOptions } from './tokens.js';

/** A reply that is not JSON: the answering service is broken, the caller gets a 500. */
class BrokenReplyError extends Error {}

/** NATS said nobody subscribes to the subject. */
class NoResponderError extends Error {}

interface NatsReply {
  subject: string;
  data: Uint8Array;
  headers?: { code?: number; hasError?: boolean };
  json(): unknown;
}

/**
 * Nest's reply decoding, plus two failures that would otherwise only end with the timeout: a reply that is
 * not JSON (Nest's deserializer would throw inside its subscription callback) fails as broken, and a NATS
 * "no responders" status (503) fails at once even if it carried a body (ClientNats itself reports the usual,
 * empty one).
 */
class RpcReplyDeserializer extends NatsResponseJSONDeserializer {
  override deserialize(
    message: NatsReply,
    options?: Record<string, unknown>,
  ): IncomingResponse | Promise<IncomingResponse> {
    // An empty id is not compared with the request's: the inbox is the request's own.
    if (message.headers?.code === 503) {
      return { id: '', err: new NoResponderError(`no responder for ${message.subject}`), isDisposed: true };
    }
    try {
      return super.deserialize(message, options);
    } catch (error) {
      return { id: '', err: new BrokenReplyError(`reply is not JSON: ${(error as Error).message}`), isDisposed: true };
    }
  }
}

/** The idempotency key and the audit actor of the client request being served, when set. */
function requestHeaders(key: string | undefined, actor: string | undefined) {
  const headers = natsHeaders();
  if (key) headers.set(IDEMPOTENCY_HEADER, key);
  if (actor) headers.set(AUDIT_ACTOR_HEADER, encodeURIComponent(actor));
  return headers;
}

/** The @nestjs/microservices NATS client RpcClient sends through (its own connection, reconnecting forever). */
export function createRpcTransport(options: MessagingOptions): ClientProxy {
  return new SharedInboxClientNats({
    ...natsServerOptions(options.natsUrl),
    name: `${options.service}-rpc-client`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    pingInterval: 10_000,
    deserializer: new RpcReplyDeserializer(),
  }) as unknown as ClientProxy;
}

/**
 * Typed request/reply over core NATS through Nest's ClientProxy, so both ends speak the
 * @nestjs/microservices wire format and the answering side is a plain `@MessagePattern` handler
 * (RpcHandler). Validates the request before sending (the reply was checked by its maker); passes the idempotency
 * key of the request being served on as a NATS header. No responder or no answer in
 * time -> 503 naming the service; a refusal (`{status, detail}`) -> that status with that detail; a broken
 * reply -> 500 (and an error log).
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger('RpcClient');

  constructor(
    @Inject(RPC_TRANSPORT) private readonly transport: ClientProxy,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
  ) {}

  /** A connected client outside Nest's container (admin CLI, scripts); `close()` it when done. */
  static async connect(options: MessagingOptions): Promise<RpcClient> {
    const transport = createRpcTransport(options);
    await transport.connect();
    return new RpcClient(transport, options);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  async request<C extends RpcContract<object, object>>(
    contract: C,
    payload: RpcRequest<C>,
    timeoutMs = this.options.requestTimeoutMs,
  ): Promise<RpcResponse<C>> {
    const request = toMessage(contract.request, payload);
    const key = requestIdempotencyKey.getStore();
    const actor = AUDITED_CHANGES[contract.subject] ? requestAuditActor.getStore() : undefined;
    const packet =
      key || actor ? new NatsRecordBuilder(request).setHeaders(requestHeaders(key, actor)).build() : request;
    let reply: unknown;
    try {
      reply = await lastValueFrom(this.transport.send<unknown>(contract.subject, packet).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw this.failure(contract, error);
    }
    // The answering side checked the reply against the contract before it left (RpcHandler); checking it
    // again here was the largest cost of the gateway on a page of purchases (figures in ADR 0009).
    if (reply === null || typeof reply !== 'object') {
      this.logger.error(`${contract.subject}: reply is not an object`);
      throw new InternalServerErrorException({ detail: 'internal error' });
    }
    return reply as RpcResponse<C>;
  }

  /** Errors of the transport (no responder, timeout, no connection) are Error instances or strings. */
  private failure(contract: RpcContract<object, object>, error: unknown): Error {
    if (error instanceof BrokenReplyError) {
      this.logger.error(`${contract.subject}: ${contract.service} failed: ${error.message}`);
      return new InternalServerErrorException({ detail: 'internal error' });
    }
    if (error instanceof Error || typeof error === 'string') {
      // Nest's ClientNats reports the empty "no responders" message as "Empty response. There are no subscribers".
      this.logger.warn(`${contract.subject}: ${error instanceof Error ? error.message : error}`);
      return new ServiceUnavailableException({ detail: `${contract.service} is unavailable; try again shortly` });
    }
    try {
      const { status, detail } = toMessage(RpcErrorBody, error, TOLERANT_VALIDATOR_OPTIONS);
      return new HttpException({ detail }, status);
    } catch {
      this.logger.error(`${contract.subject}: ${contract.service} failed: ${JSON.stringify(error)}`);
      return new InternalServerErrorException({ detail: 'internal error' });
    }
  }
}
