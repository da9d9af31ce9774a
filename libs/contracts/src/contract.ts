import { z } from 'zod';

/** A request/reply message over core NATS: `<service>.<verb-noun>.v1`. */
export interface RpcContract<Req extends z.ZodType, Res extends z.ZodType> {
  readonly subject: string;
  /** The service that answers; named in the 503 the edge returns when it does not. */
  readonly service: string;
  readonly request: Req;
  readonly response: Res;
}

export function defineRpc<Req extends z.ZodType, Res extends z.ZodType>(
  service: string,
  subject: string,
  request: Req,
  response: Res,
): RpcContract<Req, Res> {
  return { service, subject, request, response };
}

export type RpcRequest<C> = C extends RpcContract<infer Req, z.ZodType> ? z.input<Req> : never;
export type RpcResponse<C> = C extends RpcContract<z.ZodType, infer Res> ? z.output<Res> : never;

/** A domain event over JetStream: `<context>.<entity>.<past-verb>.v1`. */
export interface EventContract<D extends z.ZodType> {
  readonly subject: string;
  readonly data: D;
}

export function defineEvent<D extends z.ZodType>(subject: string, data: D): EventContract<D> {
  return { subject, data };
}

export type EventData<C> = C extends EventContract<infer D> ? z.output<D> : never;

export const envelopeSchema = z.object({
  id: z.string().min(1),
  subject: z.string().min(1),
  occurredAt: z.iso.datetime(),
  correlationId: z.string().min(1),
  teamId: z.string().optional(),
  data: z.unknown(),
});

export type Envelope<D = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: D };

/** Contexts that publish domain events; the JetStream stream captures `<context>.*.*.*` for each. */
export const EVENT_CONTEXTS = ['auth', 'sync', 'matching', 'events', 'storefront'] as const;

/** Error body a service replies with when a request is understood but refused (404, 409, 422...). */
export const rpcErrorSchema = z.object({
  status: z.number().int().min(400).max(599),
  detail: z.unknown(),
});
export type RpcErrorBody = z.infer<typeof rpcErrorSchema>;
