import { HttpException, HttpStatus } from '@nestjs/common';
import { getMetadataStorage, type ValidationArguments, type ValidationError } from 'class-validator';
import { stringRecordViolation, type StringRecordLimits } from '@cps/contracts';

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

/** What a rule of ours says about a failing value, in pydantic's words (see `describedBy`). */
export interface RuleVerdict {
  type: string;
  msg: string;
  ctx?: Record<string, unknown>;
}

/**
 * The first constraint argument of a rule that describes its own failures (http/field-rules.ts): the
 * mapper asks it instead of guessing from the constraint's name.
 */
export interface DescribedRule {
  describe(value: unknown): RuleVerdict;
}

type Metadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];
type Path = ReadonlyArray<string | number>;
/** A class whose rules class-validator keeps (what `getTargetValidationMetadatas` takes). */
type RuleTarget = Parameters<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[0];

/**
 * Which failing constraint of a property is reported, first first: its type before its bounds, as pydantic
 * stops at the first failing check of a field. Names not listed come after these.
 */
const PRECEDENCE = [
  'nestedValidation',
  'isObject',
  'isStringRecord',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isIn',
  'equals',
  'isEnum',
  'arrayMinSize',
  'arrayMaxSize',
  'minLength',
  'maxLength',
  'isLength',
  'min',
  'max',
  'matches',
];

/**
 * Turns class-validator errors into HTTPValidationError entries with pydantic's vocabulary (type, msg,
 * ctx), so a client written against a FastAPI-style API reads them the same way. The rule's arguments
 * (bounds, allowed values, patterns) come from class-validator's metadata storage; `input` is taken from
 * `root`, the value as the client sent it, by path (never a transformed value).
 */
export function toValidationErrors(
  part: RequestPart,
  errors: readonly ValidationError[],
  root: unknown,
): ValidationErrorEntry[] {
  return mapErrors(part, errors, [], root);
}

function mapErrors(part: RequestPart, errors: readonly ValidationError[], prefix: Path, root: unknown) {
  // Extra fields after the fields' own errors, as pydantic lists them.
  const ordered = [...errors.filter((error) => !isExtra(error)), ...errors.filter((error) => isExtra(error))];
  return ordered.flatMap((error) => mapError(part, error, prefix, root));
}

function isExtra(error: ValidationError): boolean {
  return error.constraints?.whitelistValidation !== undefined;
}

function mapError(part: RequestPart, error: ValidationError, prefix: Path, root: unknown): ValidationErrorEntry[] {
  const parent = valueAt(root, prefix);
  const key = Array.isArray(parent.value) && /^\d+$/.test(error.property) ? Number(error.property) : error.property;
  const path = [...prefix, key];
  const own = error.constraints ? mapConstraints(part, error, path, root) : [];
  const nested = error.children?.length ? mapErrors(part, error.children, path, root) : [];
  return [...own, ...nested];
}

function mapConstraints(part: RequestPart, error: ValidationError, path: Path, root: unknown): ValidationErrorEntry[] {
  const loc = [part, ...path];
  const sent = valueAt(root, path);
  if (isExtra(error)) {
    return [{ type: 'extra_forbidden', loc, msg: 'Extra inputs are not permitted', ...inputOf(sent) }];
  }
  if (!sent.found || sent.value === undefined) return [{ type: 'missing', loc, msg: 'Field required' }];

  const names = Object.keys(error.constraints ?? {}).sort((a, b) => rank(a) - rank(b));
  const target: RuleTarget | undefined = (error.target as object | undefined)?.constructor;
  const metadata = (name: string) => metadataOf(target, error.property, name);
  const chosen = names[0]!;
  const chosenMeta = metadata(chosen);

  // A rule on each element: one entry per failing element, its index in `loc`.
  if (chosenMeta?.each && Array.isArray(error.value) && Array.isArray(sent.value)) {
    const eachNames = names.filter((name) => metadata(name)?.each);
    const raw = sent.value as unknown[];
    return (error.value as unknown[]).flatMap((item, index) => {
      const failing = eachNames.find((name) => !passes(metadata(name)!, item, error));
      if (!failing) return [];
      const itemSent = { found: index < raw.length, value: raw[index] };
      return [describe(failing, metadata(failing), item, [...loc, index], itemSent)];
    });
  }
  if (chosen === 'isStringRecord') return recordEntries(chosenMeta, sent.value, loc);
  return [describe(chosen, chosenMeta, error.value, loc, sent)];
}

function rank(name: string): number {
  const index = PRECEDENCE.indexOf(name);
  return index === -1 ? PRECEDENCE.length : index;
}

function metadataOf(target: RuleTarget | undefined, property: string, name: string): Metadata | undefined {
  if (!target) return undefined;
  return getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .find((meta) => meta.propertyName === property && (meta.name ?? meta.type) === name);
}

/** Whether one element satisfies an `each` rule (class-validator only says that some element did not). */
function passes(meta: Metadata, item: unknown, error: ValidationError): boolean {
  if (!meta.constraintCls) return true;
  const [constraint] = getMetadataStorage().getTargetValidatorConstraints(meta.constraintCls);
  if (!constraint) return true;
  const args: ValidationArguments = {
    value: item,
    constraints: meta.constraints,
    targetName: meta.target instanceof Function ? meta.target.name : String(meta.target),
    object: (error.target ?? {}) as object,
    property: error.property,
  };
  return constraint.instance.validate(item, args) === true;
}

function describe(
  name: string,
  meta: Metadata | undefined,
  value: unknown,
  loc: Path,
  sent: { found: boolean; value?: unknown },
): ValidationErrorEntry {
  const verdict = verdictOf(name, meta?.constraints ?? [], value, sent.value);
  return {
    type: verdict.type,
    loc: [...loc],
    msg: verdict.msg,
    ...inputOf(sent),
    ...(verdict.ctx ? { ctx: verdict.ctx } : {}),
  };
}

function verdictOf(name: string, args: unknown[], value: unknown, input: unknown): RuleVerdict {
  const [first, second] = args;
  if (isDescribedRule(first)) return first.describe(value);
  const fromString = typeof input === 'string';
  switch (name) {
    case 'isString':
      return { type: 'string_type', msg: 'Input should be a valid string' };
    case 'isInt':
      if (fromString)
        return { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' };
      if (typeof input === 'number' && Number.isFinite(input))
        return {
          type: 'int_from_float',
          msg: 'Input should be a valid integer, got a number with a fractional part',
        };
      return { type: 'int_type', msg: 'Input should be a valid integer' };
    case 'isNumber':
      if (fromString)
        return { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' };
      return { type: 'float_type', msg: 'Input should be a valid number' };
    case 'isBoolean':
      if (fromString)
        return { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' };
      return { type: 'bool_type', msg: 'Input should be a valid boolean' };
    case 'isArray':
      return { type: 'list_type', msg: 'Input should be a valid list' };
    case 'nestedValidation':
    case 'isObject':
      return { type: 'dict_type', msg: 'Input should be a valid dictionary' };
    case 'isIn':
    case 'equals': {
      const values = name === 'isIn' ? (first as unknown[]) : [first];
      const expected = describeChoices(values);
      return {
        type: values.length === 1 ? 'literal_error' : 'enum',
        msg: `Input should be ${expected}`,
        ctx: { expected },
      };
    }
    case 'minLength':
      return tooShort(Number(first));
    case 'maxLength':
      return tooLong(Number(first));
    case 'isLength':
      return typeof value === 'string' && value.length < Number(first)
        ? tooShort(Number(first))
        : tooLong(Number(second));
    case 'min':
      return {
        type: 'greater_than_equal',
        msg: `Input should be greater than or equal to ${String(first)}`,
        ctx: { ge: first },
      };
    case 'max':
      return {
        type: 'less_than_equal',
        msg: `Input should be less than or equal to ${String(first)}`,
        ctx: { le: first },
      };
    case 'arrayMinSize':
      return listLength('too_short', 'at least', 'min_length', first, value);
    case 'arrayMaxSize':
      return listLength('too_long', 'at most', 'max_length', first, value);
    case 'matches': {
      const pattern = first instanceof RegExp ? first.source : String(first);
      return { type: 'string_pattern_mismatch', msg: `String should match pattern '${pattern}'`, ctx: { pattern } };
    }
    default: {
      const error = `${name} failed`;
      return { type: 'value_error', msg: `Value error, ${error}`, ctx: { error } };
    }
  }
}

function isDescribedRule(value: unknown): value is DescribedRule {
  return typeof value === 'object' && value !== null && typeof (value as DescribedRule).describe === 'function';
}

/** A list with too few or too many items, as pydantic says it. */
function listLength(
  type: 'too_short' | 'too_long',
  bound: 'at least' | 'at most',
  key: 'min_length' | 'max_length',
  limit: unknown,
  value: unknown,
): RuleVerdict {
  const actual = Array.isArray(value) ? value.length : 0;
  return {
    type,
    msg: `List should have ${bound} ${plural(Number(limit), 'item')} after validation, not ${actual}`,
    ctx: { field_type: 'List', [key]: limit, actual_length: actual },
  };
}

function tooShort(min: number): RuleVerdict {
  return {
    type: 'string_too_short',
    msg: `String should have at least ${plural(min, 'character')}`,
    ctx: { min_length: min },
  };
}

function tooLong(max: number): RuleVerdict {
  return {
    type: 'string_too_long',
    msg: `String should have at most ${plural(max, 'character')}`,
    ctx: { max_length: max },
  };
}

/** `tags` and other string-to-string records: one entry per offending key, as pydantic checks a dict. */
function recordEntries(meta: Metadata | undefined, value: unknown, loc: Path): ValidationErrorEntry[] {
  const limits = (meta?.constraints?.[0] ?? {}) as StringRecordLimits;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{ type: 'dict_type', loc: [...loc], msg: 'Input should be a valid dictionary', input: value }];
  }
  const entries: ValidationErrorEntry[] = [];
  const items = Object.entries(value as Record<string, unknown>);
  if (limits.maxKeys !== undefined && items.length > limits.maxKeys) {
    entries.push({
      type: 'too_long',
      loc: [...loc],
      msg: `Dictionary should have at most ${plural(limits.maxKeys, 'item')}`,
      input: value,
      ctx: { field_type: 'Dictionary', max_length: limits.maxKeys },
    });
  }
  for (const [key, item] of items) {
    const at = [...loc, key];
    const only = (verdict: RuleVerdict) => entries.push({ ...verdict, loc: at, input: item });
    if (limits.minKeyLength !== undefined && key.length < limits.minKeyLength) only(tooShort(limits.minKeyLength));
    else if (limits.maxKeyLength !== undefined && key.length > limits.maxKeyLength) only(tooLong(limits.maxKeyLength));
    else if (typeof item !== 'string') only({ type: 'string_type', msg: 'Input should be a valid string' });
    else if (limits.maxValueLength !== undefined && item.length > limits.maxValueLength)
      only(tooLong(limits.maxValueLength));
  }
  if (entries.length === 0) {
    // A limit this mapper does not know: still one entry, with the rule's own words.
    const error = stringRecordViolation(value, limits) ?? 'invalid dictionary';
    entries.push({ type: 'value_error', loc: [...loc], msg: `Value error, ${error}`, input: value, ctx: { error } });
  }
  return entries;
}

/** pydantic's rendering of allowed values: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function describeChoices(values: ReadonlyArray<unknown>): string {
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function inputOf(sent: { found: boolean; value?: unknown }): { input?: unknown } {
  return sent.found ? { input: sent.value } : {};
}

export function valueAt(root: unknown, path: Path): { found: boolean; value?: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { found: false };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}
