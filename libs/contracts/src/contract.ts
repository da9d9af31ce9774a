import 'reflect-metadata';
import { Type, plainToInstance } from 'class-transformer';
import {
  Allow,
  IsISO8601,
  IsInt,
  IsString,
  Max,
  Min,
  MinLength,
  getMetadataStorage,
  validateSync,
  type ValidationError,
  type ValidatorOptions,
} from 'class-validator';
import { LIST_LIMIT } from './rules.js';
import { IsOmittable } from './validators.js';

/** A message's class: decorated with class-validator rules, instantiated by class-transformer. */
export type MessageClass<T extends object = object> = new () => T;

/** A request/reply message over core NATS: `<service>.<verb-noun>.v1`. */
export interface RpcContract<Req extends object, Res extends object> {
  readonly subject: string;
  /** The service that answers; named in the 503 the edge returns when it does not. */
  readonly service: string;
  readonly request: MessageClass<Req>;
  readonly response: MessageClass<Res>;
}

export function defineRpc<Req extends object, Res extends object>(
  service: string,
  subject: string,
  request: MessageClass<Req>,
  response: MessageClass<Res>,
): RpcContract<Req, Res> {
  return { service, subject, request, response };
}

/** What a caller sends: the request class's fields (defaulted fields are optional properties). */
export type RpcRequest<C> = C extends RpcContract<infer Req, object> ? Req : never;
export type RpcResponse<C> = C extends RpcContract<object, infer Res> ? Res : never;

/** A domain event over JetStream: `<context>.<entity>.<past-verb>.v1`. */
export interface EventContract<D extends object> {
  readonly subject: string;
  readonly data: MessageClass<D>;
}

export function defineEvent<D extends object>(subject: string, data: MessageClass<D>): EventContract<D> {
  return { subject, data };
}

export type EventData<C> = C extends EventContract<infer D> ? D : never;

/**
 * Options every message is validated with: unknown fields are refused, not silently carried along.
 * `forbidUnknownValues` stays off: whitelisting already refuses every field of a nested object that has no
 * class, and a request without fields (`sync.list-catalog.v1`) must validate.
 */
export const MESSAGE_VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: false,
  validationError: { target: false, value: true },
};

/**
 * Options for what a service reads from another (replies, consumed events): fields it does not know are
 * dropped, not refused, so a producer may add a field before every reader knows it.
 */
export const TOLERANT_VALIDATOR_OPTIONS: ValidatorOptions = {
  ...MESSAGE_VALIDATOR_OPTIONS,
  forbidNonWhitelisted: false,
};

/** A message that does not satisfy its class; `message` names every failing field on one line. */
export class ContractViolation extends Error {
  constructor(
    readonly messageName: string,
    readonly errors: ValidationError[],
  ) {
    super(`${messageName}: ${describeViolations(errors)}`);
    this.name = 'ContractViolation';
  }
}

/** `a.b must be a string; c should not exist`: the leaves of a class-validator error tree. */
export function describeViolations(errors: readonly ValidationError[], prefix = ''): string {
  return errors
    .flatMap((error) => {
      const path = prefix ? `${prefix}.${error.property}` : error.property;
      const own = Object.values(error.constraints ?? {}).map((message) =>
        message.startsWith(error.property) ? `${prefix ? `${prefix}.` : ''}${message}` : `${path}: ${message}`,
      );
      const nested = error.children?.length ? [describeViolations(error.children, path)] : [];
      return [...own, ...nested];
    })
    .join('; ');
}

/**
 * Turns a plain value (a decoded JSON message) into an instance of `cls`, applying class defaults and
 * `@Type` conversions, and validates it; throws a ContractViolation listing every failing field.
 */
export function toMessage<T extends object>(
  cls: MessageClass<T>,
  plain: unknown,
  options: ValidatorOptions = MESSAGE_VALIDATOR_OPTIONS,
): T {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) {
    throw new ContractViolation(cls.name, [
      { property: '(message)', constraints: { isObject: 'must be an object' }, children: [] },
    ]);
  }
  const instance = plainToInstance(cls, plain, { exposeDefaultValues: true });
  const errors = validateSync(instance, options);
  if (errors.length > 0) throw new ContractViolation(cls.name, errors);
  return inDeclaredOrder(instance);
}

/**
 * A consumed event's envelope checked by `Envelope`, its `data` handed on as it arrived: the reader checks the data
 * with the event's own class next, and `Envelope` (which has no class for it) would only copy it, field by field.
 */
export function toEnvelope(plain: unknown, options: ValidatorOptions = TOLERANT_VALIDATOR_OPTIONS): Envelope {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) return toMessage(Envelope, plain, options);
  const { data, ...head } = plain as Record<string, unknown>;
  const envelope = toMessage(Envelope, head, options);
  envelope.data = data;
  return envelope;
}

type AnyClass = abstract new (...args: never[]) => unknown;
const declaredOrders = new Map<AnyClass, string[]>();

/** The properties a class declares, base class first, each in declaration order. */
function declaredProperties(cls: AnyClass): string[] {
  let order = declaredOrders.get(cls);
  if (!order) {
    const chain: AnyClass[] = [];
    for (
      let level: AnyClass | null = cls;
      level && level !== Object;
      level = Object.getPrototypeOf(level) as AnyClass | null
    ) {
      chain.unshift(level);
    }
    const metadata = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
    order = [
      ...new Set(
        chain.flatMap((level) => metadata.filter((rule) => rule.target === level).map((rule) => rule.propertyName)),
      ),
    ];
    declaredOrders.set(cls, order);
  }
  return order;
}

/**
 * Puts a message's fields (and its nested messages') in the order its class declares them, so the JSON of a
 * message does not depend on how the sender (or a jsonb column) ordered them: webhook bodies show the
 * documented order.
 */
function inDeclaredOrder<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) inDeclaredOrder(item);
    return value;
  }
  if (value === null || typeof value !== 'object' || value.constructor === Object) return value;
  const record = value as Record<string, unknown>;
  for (const key of declaredProperties(value.constructor as AnyClass)) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const field = inDeclaredOrder(record[key]);
    delete record[key];
    record[key] = field;
  }
  return value;
}

export const EVENT_CONTEXTS = ['auth', 'sync', 'matching', 'events', 'storefront'] as const;

/** The JetStream message body every domain event travels in; `data` is checked by the event's class. */
export class Envelope<D = unknown> {
  @IsString() @MinLength(1) id!: string;
  @IsString() @MinLength(1) subject!: string;
  @IsISO8601({ strict: true }) occurredAt!: string;
  @IsString() @MinLength(1) correlationId!: string;
  @IsOmittable() @IsString() teamId?: string;
  @Allow() data!: D;
}

/** Error body a service replies with when a request is understood but refused (404, 409, 422...). */
export class RpcErrorBody {
  @IsInt() @Min(400) @Max(599) status!: number;
  @Allow() detail!: unknown;
}

/** Re-exported so contract files and the apps' DTOs use one import for nested messages. */
export { Type };

/** A request or event about one team's data: every handler scopes its reads and writes to `teamId`. */
export class TeamScoped {
  @IsString() @MinLength(1) teamId!: string;
}

/** A class a mixin extends (TypeScript wants its constructor to take `any[]`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MixinBase = new (...args: any[]) => object;

/** The `limit` bounds and default of one kind of list (rules.ts). */
export interface ListLimit {
  readonly max: number;
  readonly default: number;
}

/**
 * A request for one page of a list: `limit` (within the list's bounds, its default when absent) and
 * `starting_after`, the id of the last item of the previous page. Added after the fields of `Base`.
 */
export function Paged<B extends MixinBase>(Base: B, limits: ListLimit = LIST_LIMIT) {
  class PageRequest extends Base {
    @IsInt() @Min(1) @Max(limits.max) limit?: number = limits.default;
    @IsOmittable() @IsString() starting_after?: string;
  }
  return PageRequest;
}
