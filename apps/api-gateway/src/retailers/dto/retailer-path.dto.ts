/** Retailer ids are lowercase slugs (`walmart`, `sams-club`); anything else names no retailer. */
const RETAILER_ID = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export function isRetailerId(value: string): boolean {
  return value.length <= 64 && RETAILER_ID.test(value);
}
