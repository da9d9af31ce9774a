import { z } from 'zod';
import { type IssueParams } from './validation-error.js';

/**
 * An integer query parameter: the raw string must be a whole number (FastAPI's `int_parsing` otherwise),
 * then `bounds` applies to the number.
 */
export function queryInteger(bounds: { min: number; max: number }) {
  return z
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
}
