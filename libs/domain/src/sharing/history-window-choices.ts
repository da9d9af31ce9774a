import { DEFAULT_SHARING_PREFERENCES } from './sharing-policy.js';

/** The history window a team asks for unless it configures another (whole days before the first link). */
export const DEFAULT_HISTORY_WINDOW_DAYS = DEFAULT_SHARING_PREFERENCES.historyWindowDays ?? 365;

/** The longest history window a team may ask for: ten years. */
export const MAX_HISTORY_WINDOW_DAYS = 3_650;

/** Narrower windows the consent step always offers besides the brand's own (0: only purchases from now on). */
const NARROWER_CHOICES = [90, 30, 0] as const;

/**
 * The history windows a shopper can choose in the consent step: the one the brand asks for, and the standard
 * narrower ones, widest first. The shopper can never grant more than the brand asked for.
 */
export function historyWindowChoices(offeredDays: number): number[] {
  if (!Number.isSafeInteger(offeredDays) || offeredDays < 0 || offeredDays > MAX_HISTORY_WINDOW_DAYS) {
    throw new RangeError(`a history window is 0 to ${MAX_HISTORY_WINDOW_DAYS} whole days, got ${offeredDays}`);
  }
  return [...new Set([offeredDays, ...NARROWER_CHOICES])].filter((days) => days <= offeredDays).sort((a, b) => b - a);
}

/** Whether a shopper's answer is one of the choices the brand's offer allows. */
export function isHistoryWindowChoice(offeredDays: number, chosenDays: number): boolean {
  return historyWindowChoices(offeredDays).includes(chosenDays);
}
