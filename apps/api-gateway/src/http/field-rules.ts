import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength, MinLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { type Checked } from '@cps/domain';
import { type DescribedRule, type RuleVerdict } from './validation-error.js';

/**
 * A class-validator rule that says in pydantic's words why a value fails: the validation-error mapper
 * reads `describe` from the rule's constraint arguments (class-validator's metadata storage).
 */
export function Rule(
  name: string,
  test: (value: unknown) => boolean,
  describe: (value: unknown) => RuleVerdict,
  options?: ValidationOptions,
): PropertyDecorator {
  const rule: DescribedRule = { describe };
  return ValidateBy(
    {
      name,
      constraints: [rule],
      validator: { validate: test, defaultMessage: (args) => describe(args?.value).msg },
    },
    options,
  );
}

/** An email address as browsers accept it (WHATWG `input type=email`). */
export const WEB_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const IsWebEmail = (options?: ValidationOptions) =>
  Rule(
    'isWebEmail',
    (value) => typeof value === 'string' && WEB_EMAIL.test(value),
    () => ({ type: 'value_error', msg: 'value is not a valid email address', ctx: { reason: 'invalid email format' } }),
    options,
  );

/** An absolute http(s) URL (format only: which hosts may receive deliveries is events-service's policy). */
export const IsHttpUrl = (options?: ValidationOptions) =>
  Rule(
    'isHttpUrl',
    (value) => typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    (value) =>
      typeof value === 'string' && URL.canParse(value)
        ? {
            type: 'url_scheme',
            msg: "URL scheme should be 'http' or 'https'",
            ctx: { expected_schemes: "'http' or 'https'" },
          }
        : { type: 'url_parsing', msg: 'Input should be a valid URL', ctx: { error: 'invalid URL' } },
    options,
  );

/** A value that `check` accepts (`checkEmail`, `checkDomain` of @cps/domain); FastAPI's value_error otherwise. */
export const IsChecked = (check: (input: string) => Checked, what: string, options?: ValidationOptions) =>
  Rule(
    `isChecked:${what}`,
    (value) => typeof value === 'string' && check(value).ok,
    (value) => {
      const result = typeof value === 'string' ? check(value) : { ok: false as const, reason: 'not a string' };
      const reason = result.ok ? '' : result.reason;
      return { type: 'value_error', msg: `value is not a valid ${what}: ${reason}`, ctx: { reason } };
    },
    options,
  );

/** Replaces each string of a list by what `check` makes of it (trimmed, lower-cased) when it accepts it. */
export const NormalizedBy = (check: (input: string) => Checked) =>
  Transform(({ value }: { value: unknown }) =>
    Array.isArray(value)
      ? value.map((item: unknown) => {
          if (typeof item !== 'string') return item;
          const result = check(item);
          return result.ok ? result.value : item;
        })
      : value,
  );

/** Retailer ids are lowercase slugs (`walmart`, `sams-club`). */
export const RETAILER_ID_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export function isRetailerId(value: string): boolean {
  return value.length <= 64 && RETAILER_ID_PATTERN.test(value);
}

export const IsRetailerSlug = () =>
  applyDecorators(IsString(), MinLength(1), MaxLength(64), Matches(RETAILER_ID_PATTERN));

/** An opaque identifier in a path or query: 1-64 URL-safe characters (ULIDs, slugs); longer is 422. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]+$/;

export const IsIdentifier = () => applyDecorators(IsString(), MinLength(1), MaxLength(64), Matches(IDENTIFIER_PATTERN));

/**
 * An integer sent as query text: a whole number becomes a number (then the integer rules and bounds
 * apply); anything else stays text, which the integer rule reports as `int_parsing`.
 */
export const QueryInteger = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value) ? Number(value.trim()) : value,
  );
