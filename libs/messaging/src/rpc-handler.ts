import {
  applyDecorators,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { from, lastValueFrom, map, type Observable } from 'rxjs';
import { type RpcContract } from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { type z } from 'zod';

/** Refuses a request with an HTTP-like status the edge passes on (404, 409, 422...). */
export class RpcRefusal extends RpcException {
  constructor(status: number, detail: unknown) {
    super({ status, detail });
  }
}

class ContractPipe implements PipeTransform {
  constructor(private readonly schema: z.ZodType) {}

  transform(value: unknown): unknown {
    const result = this.schema.safeParse(value);
    if (!result.success) throw new RpcRefusal(400, `request breaks the contract: ${result.error.message}`);
    return result.data;
  }
}

/** The handler's parameter: the request, validated and defaulted by the contract's schema. */
export const RpcPayload = (contract: RpcContract<z.ZodType, z.ZodType>) => Payload(new ContractPipe(contract.request));

@Injectable()
class RpcMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: ServiceMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = context.switchToRpc().getContext<{ getSubject(): string }>().getSubject();
    return from(this.metrics.observeMessage('rpc', subject, () => lastValueFrom(next.handle())));
  }
}

/** Answers a contract's subject; the reply is checked against the contract before it leaves. */
export function RpcHandler(contract: RpcContract<z.ZodType, z.ZodType>) {
  const replyCheck: NestInterceptor = {
    intercept: (_context, next) =>
      next.handle().pipe(
        map((reply: unknown) => {
          const result = contract.response.safeParse(reply);
          if (!result.success)
            throw new Error(`${contract.subject} reply breaks the contract: ${result.error.message}`);
          return result.data;
        }),
      ),
  };
  return applyDecorators(MessagePattern(contract.subject), UseInterceptors(RpcMetricsInterceptor, replyCheck));
}
