import {
  HttpException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { errors as natsErrors } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { rpcErrorSchema, type RpcContract, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { type z } from 'zod';
import { NatsConnectionService } from './nats-connection.service.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

/**
 * Typed request/reply over core NATS, speaking the @nestjs/microservices wire format so the answering
 * side is a plain `@MessagePattern` handler. Validates the request before sending and the reply after.
 * No responder or no answer in time -> 503 naming the service; a refusal (`{status, detail}`) -> that
 * status with that detail.
 */
@Injectable()
export class RpcClient {
  private readonly logger = new Logger('RpcClient');

  constructor(
    private readonly nats: NatsConnectionService,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
  ) {}

  async request<C extends RpcContract<z.ZodType, z.ZodType>>(
    contract: C,
    payload: RpcRequest<C>,
    timeoutMs = this.options.requestTimeoutMs,
  ): Promise<RpcResponse<C>> {
    const data = contract.request.parse(payload);
    const packet = JSON.stringify({
      pattern: contract.subject,
      data,
      id: randomUUID(),
    });
    let reply: { err?: unknown; response?: unknown };
    try {
      const message = await this.nats.nc.request(contract.subject, packet, {
        timeout: timeoutMs,
      });
      reply = message.json();
    } catch (error) {
      const reason = error instanceof natsErrors.NoRespondersError ? 'no responder' : (error as Error).message;
      this.logger.warn(`${contract.subject}: ${reason}`);
      throw new ServiceUnavailableException({
        detail: `${contract.service} is unavailable; try again shortly`,
      });
    }
    if (reply.err !== undefined && reply.err !== null) {
      const refusal = rpcErrorSchema.safeParse(reply.err);
      if (refusal.success) {
        const { status, detail } = refusal.data;
        throw new HttpException({ detail }, status);
      }
      this.logger.error(`${contract.subject}: ${contract.service} failed: ${JSON.stringify(reply.err)}`);
      throw new InternalServerErrorException({ detail: 'internal error' });
    }
    const parsed = contract.response.safeParse(reply.response);
    if (!parsed.success) {
      this.logger.error(`${contract.subject}: reply breaks the contract: ${parsed.error.message}`);
      throw new InternalServerErrorException({ detail: 'internal error' });
    }
    return parsed.data as RpcResponse<C>;
  }
}
