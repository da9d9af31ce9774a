/**
 * How wrong passwords slow down guessing (dashboard and OAuth/connector sign-in share it): a subject (one account,
 * or one client address) gets `free` failures in a row, then every further failure locks it, first for
 * `firstLockSeconds`, doubling up to `maxLockSeconds`. While a subject is locked no password is checked at all.
 * A success clears the account's count (never the address's: an attacker's own account must not reset it); a
 * count with no failure for `forgetAfterSeconds` starts over.
 */
export interface ThrottleRule {
  free: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
}

export const SIGN_IN_THROTTLE = {
  account: { free: 5, firstLockSeconds: 60, maxLockSeconds: 30 * 60 },
  address: { free: 20, firstLockSeconds: 60, maxLockSeconds: 30 * 60 },
  forgetAfterSeconds: 24 * 3600,
} as const satisfies { account: ThrottleRule; address: ThrottleRule; forgetAfterSeconds: number };

/** Seconds a subject is locked for after its `failures`-th failure in a row (0: not locked). */
export function lockSecondsAfter(failures: number, rule: ThrottleRule): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.firstLockSeconds * 2 ** (failures - rule.free - 1), rule.maxLockSeconds);
}

/**
 * The most guesses an attacker gets against one subject in `hours`, guessing again the moment each lock ends:
 * the figure the throttle is judged by.
 */
export function mostGuessesIn(hours: number, rule: ThrottleRule): number {
  let guesses = 0;
  let elapsed = 0;
  while (elapsed < hours * 3600) {
    guesses += 1;
    elapsed += lockSecondsAfter(guesses, rule);
  }
  return guesses;
}

/** The words a locked-out person reads: how long to wait, in whole minutes. */
export function lockedOutMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
