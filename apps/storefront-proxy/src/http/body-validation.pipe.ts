import { Injectable, UnprocessableEntityException, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { type ValidationError } from 'class-validator';

/** Pydantic's names for the rules the storefront bodies use, as the REST API's 422 entries show them. */
const TYPES: Record<string, string> = {
  isString: 'string_type',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  isObject: 'dict_type',
};

export interface ValidationEntry {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input?: unknown;
}

/** class-validator's errors as the seed's HTTPValidationError entries (`loc` starting at `body`). */
export function validationEntries(errors: readonly ValidationError[], loc: Array<string | number> = ['body']) {
  const entries: ValidationEntry[] = [];
  for (const error of errors) {
    const at = [...loc, error.property];
    if (error.value === undefined) {
      entries.push({ type: 'missing', loc: at, msg: 'Field required' });
      continue;
    }
    const [rule, message] = Object.entries(error.constraints ?? {})[0] ?? [];
    if (rule) entries.push({ type: TYPES[rule] ?? 'value_error', loc: at, msg: message!, input: error.value });
    entries.push(...validationEntries(error.children ?? [], at));
  }
  return entries;
}

/**
 * JSON bodies as DTO classes: fields a body class does not declare are dropped (a storefront script may send more),
 * a body that is not an object or breaks a rule is refused with 422 in the seed's HTTPValidationError shape.
 */
@Injectable()
export class BodyValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidUnknownValues: false,
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new UnprocessableEntityException({ detail: validationEntries(errors) }),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body') return value;
    const body = value ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new UnprocessableEntityException({
        detail: [
          {
            type: 'model_attributes_type',
            loc: ['body'],
            msg: 'Input should be a valid dictionary or object to extract fields from',
            input: body,
          },
        ],
      });
    }
    return super.transform(body, metadata);
  }
}
