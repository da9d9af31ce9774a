import { HttpException, HttpStatus } from '@nestjs/common';
import { type z } from 'zod';

/** Where a request value came from; the first element of every `loc`, as FastAPI reports it. */
export type RequestPart = 'body' | 'query' | 'path' | 'header';

/** One entry of the seed's HTTPValidationError body. */
export interface ValidationErrorEntry {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** 422 with `{detail: [...entries]}`; the exception filter passes the body through unchanged. */
export class RequestValidationException extends HttpException {
  constructor(readonly entries: ValidationErrorEntry[]) {
    super({ detail: entries }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

/**
 * Custom refinements may name their FastAPI-style type and context through `params`:
 * `refine(check, { message, params: { type: 'missing', ctx: {...} } })`.
 */
export interface IssueParams {
  type?: string;
  ctx?: Record<string, unknown>;
}

type Issue = z.core.$ZodIssue;
type Path = ReadonlyArray<PropertyKey>;

/**
 * Turns zod issues into HTTPValidationError entries with pydantic's vocabulary (type, msg, ctx), so a
 * client written against a FastAPI-style API reads them the same way. `root` is the value that was
 * validated: `input` is taken from it by path, so entries show what the client sent, not a coerced value.
 */
export function toValidationErrors(part: RequestPart, issues: readonly Issue[], root: unknown): ValidationErrorEntry[] {
  return issues.flatMap((issue) => mapIssue(part, issue, [], root));
}

function mapIssue(part: RequestPart, issue: Issue, prefix: Path, root: unknown): ValidationErrorEntry[] {
  const path = [...prefix, ...issue.path];
  const loc = [part, ...path.map(locElement)];
  const value = valueAt(root, path);
  const entry = (type: string, msg: string, ctx?: Record<string, unknown>): ValidationErrorEntry => ({
    type,
    loc,
    msg,
    ...(value.found ? { input: value.value } : {}),
    ...(ctx ? { ctx } : {}),
  });

  switch (issue.code) {
    case 'invalid_type':
      if (!value.found || value.value === undefined) return [{ type: 'missing', loc, msg: 'Field required' }];
      return [invalidType(issue.expected, value.value, path.length === 0 && part === 'body', entry)];
    case 'too_small':
      return [tooSmall(issue, value.value, entry)];
    case 'too_big':
      return [tooBig(issue, value.value, entry)];
    case 'invalid_value': {
      const expected = describeChoices(issue.values);
      return [entry(issue.values.length === 1 ? 'literal_error' : 'enum', `Input should be ${expected}`, { expected })];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const extra = valueAt(root, [...path, key]);
        return {
          type: 'extra_forbidden',
          loc: [...loc, key],
          msg: 'Extra inputs are not permitted',
          ...(extra.found ? { input: extra.value } : {}),
        };
      });
    case 'invalid_format':
      return [invalidFormat(issue, value.value, entry)];
    case 'not_multiple_of':
      return [entry('multiple_of', `Input should be a multiple of ${issue.divisor}`, { multiple_of: issue.divisor })];
    case 'invalid_key':
    case 'invalid_element':
      return issue.issues.flatMap((inner) => mapIssue(part, inner, path, root));
    case 'invalid_union':
      return [entry('value_error', `Value error, ${issue.message}`, { error: issue.message })];
    case 'custom': {
      const params = (issue.params ?? {}) as IssueParams;
      if (params.type) return [entry(params.type, issue.message, params.ctx)];
      return [entry('value_error', `Value error, ${issue.message}`, { error: issue.message })];
    }
  }
}

type EntryFactory = (type: string, msg: string, ctx?: Record<string, unknown>) => ValidationErrorEntry;

function invalidType(expected: string, input: unknown, bodyRoot: boolean, entry: EntryFactory): ValidationErrorEntry {
  const fromString = typeof input === 'string';
  switch (expected) {
    case 'string':
      return entry('string_type', 'Input should be a valid string');
    case 'int':
      if (fromString)
        return entry('int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
      if (typeof input === 'number' && Number.isFinite(input))
        return entry('int_from_float', 'Input should be a valid integer, got a number with a fractional part');
      return entry('int_type', 'Input should be a valid integer');
    case 'number':
      if (fromString)
        return entry('float_parsing', 'Input should be a valid number, unable to parse string as a number');
      return entry('float_type', 'Input should be a valid number');
    case 'boolean':
      if (fromString) return entry('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
      return entry('bool_type', 'Input should be a valid boolean');
    case 'array':
    case 'tuple':
    case 'set':
      return entry('list_type', 'Input should be a valid list');
    case 'object':
      return bodyRoot
        ? entry('model_attributes_type', 'Input should be a valid dictionary or object to extract fields from')
        : entry('dict_type', 'Input should be a valid dictionary');
    case 'record':
    case 'map':
      return entry('dict_type', 'Input should be a valid dictionary');
    case 'null':
      return entry('none_required', 'Input should be None');
    default:
      return entry(`${expected}_type`, `Input should be a valid ${expected}`);
  }
}

function tooSmall(issue: z.core.$ZodIssueTooSmall, input: unknown, entry: EntryFactory): ValidationErrorEntry {
  const min = Number(issue.minimum);
  if (issue.origin === 'string') {
    return entry('string_too_short', `String should have at least ${plural(min, 'character')}`, { min_length: min });
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    const actual = sizeOf(input);
    return entry('too_short', `List should have at least ${plural(min, 'item')} after validation, not ${actual}`, {
      field_type: 'List',
      min_length: min,
      actual_length: actual,
    });
  }
  return issue.inclusive === false
    ? entry('greater_than', `Input should be greater than ${min}`, { gt: min })
    : entry('greater_than_equal', `Input should be greater than or equal to ${min}`, { ge: min });
}

function tooBig(issue: z.core.$ZodIssueTooBig, input: unknown, entry: EntryFactory): ValidationErrorEntry {
  const max = Number(issue.maximum);
  if (issue.origin === 'string') {
    return entry('string_too_long', `String should have at most ${plural(max, 'character')}`, { max_length: max });
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    const actual = sizeOf(input);
    return entry('too_long', `List should have at most ${plural(max, 'item')} after validation, not ${actual}`, {
      field_type: 'List',
      max_length: max,
      actual_length: actual,
    });
  }
  return issue.inclusive === false
    ? entry('less_than', `Input should be less than ${max}`, { lt: max })
    : entry('less_than_equal', `Input should be less than or equal to ${max}`, { le: max });
}

function invalidFormat(issue: z.core.$ZodIssueInvalidStringFormat, input: unknown, entry: EntryFactory) {
  const format: string = issue.format;
  if (format === 'url') {
    // The gateway only asks for http(s) URLs: a parseable URL that fails is one with another scheme.
    if (typeof input === 'string' && URL.canParse(input))
      return entry('url_scheme', "URL scheme should be 'http' or 'https'", { expected_schemes: "'http' or 'https'" });
    return entry('url_parsing', 'Input should be a valid URL', { error: 'invalid URL' });
  }
  if (format === 'email') {
    return entry('value_error', 'value is not a valid email address', { reason: 'invalid email format' });
  }
  if (format === 'regex') {
    const pattern = (issue.pattern ?? '').replace(/^\/(.*)\/[a-z]*$/s, '$1');
    return entry('string_pattern_mismatch', `String should match pattern '${pattern}'`, { pattern });
  }
  if (format === 'datetime' || format === 'date' || format === 'time') {
    return entry(`${format}_parsing`, `Input should be a valid ${format}`);
  }
  return entry('value_error', `Value error, ${issue.message}`, { error: issue.message });
}

/** pydantic's rendering of allowed values: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function describeChoices(values: ReadonlyArray<unknown>): string {
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value instanceof Set) return value.size;
  return 0;
}

function locElement(key: PropertyKey): string | number {
  return typeof key === 'number' ? key : String(key);
}

function valueAt(root: unknown, path: Path): { found: boolean; value?: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { found: false };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

/** Validates one part of a request; 422 in the HTTPValidationError shape when it does not conform. */
export function validateRequestPart<S extends z.ZodType>(schema: S, part: RequestPart, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new RequestValidationException(toValidationErrors(part, result.error.issues, input));
  return result.data;
}
