import { z } from 'zod';
import { apiSchemas, described } from '../openapi/schema-registry.js';
import { type IssueParams } from './validation-error.js';

/**
 * An integer query parameter: the raw string must be a whole number (FastAPI's `int_parsing` otherwise),
 * then `bounds` applies to the number. Documented as an integer, which is what the client sends.
 */
export function queryInteger(bounds: { min: number; max: number; default?: number; description?: string }) {
  const schema = z
    .string()
    .transform((raw, context) => {
      const trimmed = raw.trim();
      if (!/^[-+]?\d+$/.test(trimmed)) {
        const params: IssueParams = { type: 'int_parsing' };
        context.addIssue({
          code: 'custom',
          message: 'Input should be a valid integer, unable to parse string as an integer',
          params,
        });
        return z.NEVER;
      }
      return Number(trimmed);
    })
    .pipe(z.int().min(bounds.min).max(bounds.max));
  apiSchemas.add(schema, {
    type: 'integer',
    minimum: bounds.min,
    maximum: bounds.max,
    ...(bounds.default !== undefined ? { default: bounds.default } : {}),
    ...(bounds.description ? { description: bounds.description } : {}),
  });
  return schema;
}

/** An opaque identifier in a path or query: 1-64 URL-safe characters (ULIDs, slugs); longer is 422. */
export const identifier = (description: string) =>
  described(
    z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    description,
  );
