/**
 * GTINs as the matcher compares them: UPC-A (12 digits), EAN-13, GTIN-14, EAN-8 and UPC-E (8 digits), all in
 * their GTIN-14 form (left-padded with zeros; UPC-E expanded to its UPC-A first) with a valid GS1 check digit.
 * Retailers and brands write the same code with spaces, dashes, or without leading zeros, so everything is
 * normalized before comparison.
 */
export type Gtin14 = string;

/** Why a written code is not a GTIN (catalog rows report it per row). */
export type GtinProblem = 'not_digits' | 'bad_length' | 'bad_check_digit' | 'all_zeros';

export const GTIN_PROBLEM_MESSAGES: Record<GtinProblem, string> = {
  not_digits: 'GTIN must hold only digits (spaces, dots and dashes are ignored)',
  bad_length: 'GTIN must have 8, 12, 13 or 14 digits (EAN-8/UPC-E, UPC-A, EAN-13, GTIN-14)',
  bad_check_digit: 'bad check digit',
  all_zeros: 'GTIN must not be all zeros',
};

const ACCEPTED_LENGTHS = new Set([8, 12, 13, 14]);

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

const compact = (raw: string): string => raw.trim().replace(/[\s.-]/g, '');

/**
 * The UPC-A a UPC-E code stands for (number system 0 or 1, six payload digits, check digit), or null when
 * the 8 digits are not a UPC-E whose expansion carries that check digit.
 */
export function expandUpcE(digits: string): string | null {
  if (!/^[01]\d{7}$/.test(digits)) return null;
  const system = digits[0]!;
  const [d1, d2, d3, d4, d5, d6] = digits.slice(1, 7);
  const check = digits[7]!;
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${system}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${system}${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${system}${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${system}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return gtinCheckDigit(body) === Number(check) ? `${body}${check}` : null;
}

/** What is wrong with a written GTIN, or null when normalizeGtin accepts it. */
export function gtinProblem(raw: string): GtinProblem | null {
  const digits = compact(raw);
  if (!/^\d+$/.test(digits)) return 'not_digits';
  if (!ACCEPTED_LENGTHS.has(digits.length)) return 'bad_length';
  if (/^0+$/.test(digits)) return 'all_zeros';
  return normalizeGtin(digits) === null ? 'bad_check_digit' : null;
}

/**
 * The GTIN-14 form of a UPC-A, EAN-13, GTIN-14, EAN-8 or UPC-E code, or null when the input is not one:
 * separators (spaces, dashes, dots) are dropped; any other character, a wrong length, a wrong check digit or an
 * all-zero code yields null. Eight digits starting with 0 or 1 are read as UPC-E (GS1 keeps EAN-8 codes with
 * those prefixes for restricted circulation), other eight-digit codes as EAN-8.
 */
export function normalizeGtin(raw: string | null | undefined): Gtin14 | null {
  if (raw === null || raw === undefined) return null;
  const digits = compact(raw);
  if (!/^\d+$/.test(digits) || !ACCEPTED_LENGTHS.has(digits.length) || /^0+$/.test(digits)) return null;
  if (digits.length === 8 && /^[01]/.test(digits)) {
    const upcA = expandUpcE(digits);
    return upcA ? upcA.padStart(14, '0') : null;
  }
  if (!hasValidCheckDigit(digits)) return null;
  return digits.padStart(14, '0');
}

/**
 * The GTINs a code written carelessly by a retailer may stand for, for lookups only: the strict reading when
 * there is one; otherwise, for 7 to 11 digits, the code with its lost leading zeros restored (when that yields
 * a valid UPC-A) and the code as a UPC-A body whose check digit was dropped. A lenient reading is trusted
 * only when exactly one of them is in the catalog (the matcher checks that).
 */
export function gtinCandidates(raw: string | null | undefined): { strict: Gtin14 | null; lenient: Gtin14[] } {
  const strict = normalizeGtin(raw);
  if (strict || raw === null || raw === undefined) return { strict, lenient: [] };
  const digits = compact(raw);
  if (!/^\d{7,11}$/.test(digits) || /^0+$/.test(digits)) return { strict: null, lenient: [] };
  const lenient = new Set<Gtin14>();
  const padded = digits.padStart(12, '0');
  if (hasValidCheckDigit(padded)) lenient.add(padded.padStart(14, '0'));
  const body = digits.padStart(11, '0');
  lenient.add(`${body}${gtinCheckDigit(body)}`.padStart(14, '0'));
  return { strict: null, lenient: [...lenient] };
}

/**
 * A stored GTIN-14 as it is printed on the pack (and most likely uploaded): a UPC-A (12 digits) when it starts
 * with two zeros, an EAN-13 when with one, else the GTIN-14 itself. (An EAN-8 or UPC-E shows as its 12-digit form.)
 */
export function printedGtin(gtin14: Gtin14): string {
  if (gtin14.length !== 14) return gtin14;
  if (gtin14.startsWith('00')) return gtin14.slice(2);
  if (gtin14.startsWith('0')) return gtin14.slice(1);
  return gtin14;
}
