import { type ValidationErrorEntry } from './validation-error.js';

/** A rule over a whole request part, checked once each field is valid (pydantic's model validator). */
export interface PartRule<T = never> {
  check(value: T): boolean;
  message: string;
  /** pydantic type of the entry; `value_error` (with `Value error, ` before the message) when unset. */
  type?: string;
  ctx?: Record<string, unknown>;
  /** Where the entry points, below the part (the whole part when unset). */
  path?: string[];
}

const PART_RULES = Symbol('PART_RULES');

/** Adds a rule over the whole object to a DTO class; rules run in the order they are written. */
export function Refine<T>(rule: PartRule<T>): ClassDecorator {
  return (target) => {
    const own = (Reflect.getOwnMetadata(PART_RULES, target) as PartRule<never>[] | undefined) ?? [];
    // Class decorators run bottom-up: prepend, so the rule written first runs first.
    Reflect.defineMetadata(PART_RULES, [rule as PartRule<never>, ...own], target);
  };
}

/** A PATCH body: at least one field must be sent. */
export const AtLeastOneField = (): ClassDecorator =>
  Refine<object>({
    check: (body) => Object.values(body).some((value) => value !== undefined),
    message: 'at least one field is required',
  });

/** The first rule of `metatype` that `value` breaks, as a validation-error entry (undefined when none). */
export function brokenRule(
  metatype: object,
  value: object,
  loc: Array<string | number>,
  input: unknown,
): ValidationErrorEntry | undefined {
  const rules = (Reflect.getMetadata(PART_RULES, metatype) as PartRule<object>[] | undefined) ?? [];
  const rule = rules.find((candidate) => !candidate.check(value));
  if (!rule) return undefined;
  const path = rule.path ?? [];
  let sent: unknown = input;
  for (const key of path) sent = (sent as Record<string, unknown> | undefined)?.[key];
  const error = rule.message;
  return rule.type
    ? { type: rule.type, loc: [...loc, ...path], msg: error, input: sent, ...(rule.ctx ? { ctx: rule.ctx } : {}) }
    : { type: 'value_error', loc: [...loc, ...path], msg: `Value error, ${error}`, input: sent, ctx: { error } };
}
