import { Transform } from 'class-transformer';
import { IsIn, ValidateBy, ValidateIf, buildMessage, type ValidationOptions } from 'class-validator';

/** `@IsIn` over a readonly tuple of wire values (the tuple stays the one source of the values). */
export function IsOneOf(
  values: readonly (string | boolean | number)[],
  options?: ValidationOptions,
): PropertyDecorator {
  return IsIn([...values], options);
}

/** Narrows an unknown value (a stored column, a header) to one of a tuple's wire values. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

/** Required but may be null: the rules after it apply only to a non-null value (undefined still fails). */
export function IsNullable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== null, options);
}

/** Trims surrounding whitespace from a string before the length rules see it. */
export function Trim(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

export interface StringRecordLimits {
  maxKeys?: number;
  minKeyLength?: number;
  maxKeyLength?: number;
  maxValueLength?: number;
}

/** Why a value is not a string-to-string record within `limits`, or null when it is. */
export function stringRecordViolation(value: unknown, limits: StringRecordLimits = {}): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'must be an object of strings';
  const entries = Object.entries(value);
  if (limits.maxKeys !== undefined && entries.length > limits.maxKeys)
    return `must have at most ${limits.maxKeys} keys`;
  for (const [key, item] of entries) {
    if (limits.minKeyLength !== undefined && key.length < limits.minKeyLength)
      return `keys must be at least ${limits.minKeyLength} characters`;
    if (limits.maxKeyLength !== undefined && key.length > limits.maxKeyLength)
      return `key "${key.slice(0, 80)}" is longer than ${limits.maxKeyLength} characters`;
    if (typeof item !== 'string') return `value of "${key.slice(0, 80)}" must be a string`;
    if (limits.maxValueLength !== undefined && item.length > limits.maxValueLength)
      return `value of "${key.slice(0, 80)}" is longer than ${limits.maxValueLength} characters`;
  }
  return null;
}

/** An object whose values are all strings (`Record<string, string>`), optionally within limits. */
export function IsStringRecord(limits: StringRecordLimits = {}, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStringRecord',
      constraints: [limits],
      validator: {
        validate: (value: unknown) => stringRecordViolation(value, limits) === null,
        defaultMessage: buildMessage(
          (eachPrefix, args) => `${eachPrefix}$property ${stringRecordViolation(args?.value, limits) ?? 'is invalid'}`,
          options,
        ),
      },
    },
    options,
  );
}

/** The rule of a connection's or link token's `tags`: at most 10, key 1..64 characters, value up to 256. */
export const TAG_LIMITS: Required<StringRecordLimits> = {
  maxKeys: 10,
  minKeyLength: 1,
  maxKeyLength: 64,
  maxValueLength: 256,
};

export function IsTags(options?: ValidationOptions): PropertyDecorator {
  return IsStringRecord(TAG_LIMITS, options);
}

/**
 * May be left out (undefined) but not null: the rules after it apply when the field is present.
 * (`@IsOptional()` also lets null through; use it only for fields that are optional and nullable.)
 */
export function IsOmittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined, options);
}
