import { z } from 'zod';
import { described } from '../../openapi/schema-registry.js';

/** Any string: a value that is not a retailer slug names no retailer, which is a 404, not a 422. */
export const retailerPathSchema = z.object({
  retailer_id: described(z.string(), 'Retailer id, a lowercase slug (`walmart`)'),
});
export type RetailerPath = z.output<typeof retailerPathSchema>;

/** Retailer ids are lowercase slugs (`walmart`, `sams-club`); anything else names no retailer. */
const RETAILER_ID = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export function isRetailerId(value: string): boolean {
  return value.length <= 64 && RETAILER_ID.test(value);
}
