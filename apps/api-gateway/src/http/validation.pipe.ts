import {
  createParamDecorator,
  Injectable,
  ValidationPipe,
  type ArgumentMetadata,
  type ExecutionContext,
  type ValidationError,
  type ValidationPipeOptions,
} from '@nestjs/common';
import { type Request } from 'express';
import { brokenRule } from './body-rules.js';
import { RequestValidationException, toValidationErrors, type RequestPart } from './validation-error.js';

/** Carries class-validator's errors out of ValidationPipe to the part-aware mapping below. */
class FieldErrors extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

const HEADERS = 'request-headers';

/**
 * The request headers a route reads, validated by the class of the parameter (lower-case header names;
 * a header sent twice counts with its first value). Credentials are the access guard's business.
 */
export const RequestHeaders = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value[0] : value;
  return headers;
});

/** `@RequestHeaders()` marked for the validation pipe (which leaves other custom decorators alone). */
export const ValidHeaders = () => RequestHeaders(HEADERS);

const options = (forbidNonWhitelisted: boolean): ValidationPipeOptions => ({
  transform: true,
  whitelist: true,
  forbidNonWhitelisted,
  forbidUnknownValues: false,
  validateCustomDecorators: true,
  // The mapper needs the class of each failing object (its rules' arguments) and the value it checked.
  validationError: { target: true, value: true },
  exceptionFactory: (errors) => new FieldErrors(errors),
});

/**
 * The gateway's one validation stack: Nest's ValidationPipe (class-validator DTOs, class-transformer
 * conversion, unknown body fields refused), answering 422 in the seed's HTTPValidationError shape with
 * `loc` starting at the part of the request (`body`, `query`, `path`, `header`). Query and headers carry
 * fields the route does not read (tracking parameters, every header), which are dropped, not refused.
 * A query parameter given twice counts once, with its last value, as FastAPI reads a scalar parameter.
 */
@Injectable()
export class GatewayValidationPipe extends ValidationPipe {
  private readonly lenient = new ValidationPipe(options(false));

  constructor() {
    super(options(true));
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const part = partOf(metadata);
    if (!part || !metadata.metatype || !hasRules(metadata.metatype)) return value;
    const input = part === 'query' ? lastValues(value) : value;
    if (part === 'body') this.checkBodyShape(input);
    let result: unknown;
    try {
      result =
        part === 'query' || part === 'header'
          ? await this.lenient.transform(input, metadata)
          : await super.transform(input, metadata);
    } catch (error) {
      if (error instanceof FieldErrors)
        throw new RequestValidationException(toValidationErrors(part, error.errors, input));
      throw error;
    }
    const broken = brokenRule(metadata.metatype, result as object, [part], input);
    if (broken) throw new RequestValidationException([broken]);
    return result;
  }

  /** A body is a JSON object: none at all is `missing`, anything else `model_attributes_type`. */
  private checkBodyShape(input: unknown): void {
    if (input === undefined) {
      throw new RequestValidationException([{ type: 'missing', loc: ['body'], msg: 'Field required' }]);
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new RequestValidationException([
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input,
        },
      ]);
    }
  }
}

function partOf(metadata: ArgumentMetadata): RequestPart | undefined {
  switch (metadata.type) {
    case 'body':
      return 'body';
    case 'query':
      return 'query';
    case 'param':
      return 'path';
    case 'custom':
      return metadata.data === HEADERS ? 'header' : undefined;
  }
}

/** A DTO class (not a primitive, not an interface's `Object`). */
function hasRules(metatype: NonNullable<ArgumentMetadata['metatype']>): boolean {
  return ![String, Boolean, Number, Array, Object, Buffer, Date].includes(metatype as never);
}

export function lastValues(query: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    values[name] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return values;
}
