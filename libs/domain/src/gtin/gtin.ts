/**
 * GTINs as the matcher compares them: UPC-A (12 digits), EAN-13 and GTIN-14, left-padded with zeros
 * to 14 digits, with a valid GS1 check digit. Retailers and brands write the same code with spaces,
 * dashes, or without leading zeros, so everything is normalized before comparison.
 */
export type Gtin14 = string;

const ACCEPTED_LENGTHS = new Set([12, 13, 14]);

/** GS1 check digit of the digits before it: weights 3,1,3,... from the right. */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError(`not digits: "${body}"`);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return gtinCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * The GTIN-14 form of a UPC-A, EAN-13 or GTIN-14 code, or null when the input is not one: separators
 * (spaces, dashes, dots) are dropped, any other character, a wrong length, a wrong check digit or an
 * all-zero code yields null.
 */
export function normalizeGtin(raw: string | null | undefined): Gtin14 | null {
  if (raw === null || raw === undefined) return null;
  const compact = raw.trim().replace(/[\s.-]/g, '');
  if (!/^\d+$/.test(compact) || !ACCEPTED_LENGTHS.has(compact.length)) return null;
  if (/^0+$/.test(compact) || !hasValidCheckDigit(compact)) return null;
  return compact.padStart(14, '0');
}
