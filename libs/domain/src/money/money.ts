/**
 * Money is an integer number of minor units (cents) inside the domain; the wire shows decimal strings
 * with two places ("12.30"). Integer cents keep sums exact.
 */
export type Cents = number;

const MONEY_PATTERN = /^(-)?(\d+)\.(\d{2})$/;

export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a two-place decimal string ("12.30", "-0.05") into cents. */
export function parseMoney(text: string): Cents {
  const match = MONEY_PATTERN.exec(text);
  if (!match) throw new RangeError(`not a two-place decimal amount: "${text}"`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] && cents !== 0 ? -cents : cents;
}
