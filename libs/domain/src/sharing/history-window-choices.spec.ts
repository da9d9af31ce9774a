import {
  DEFAULT_HISTORY_WINDOW_DAYS,
  historyWindowChoices,
  isHistoryWindowChoice,
  MAX_HISTORY_WINDOW_DAYS,
} from './history-window-choices.js';

describe('historyWindowChoices', () => {
  it.each<[number, number[]]>([
    [DEFAULT_HISTORY_WINDOW_DAYS, [365, 90, 30, 0]],
    [MAX_HISTORY_WINDOW_DAYS, [3_650, 90, 30, 0]],
    [90, [90, 30, 0]],
    [45, [45, 30, 0]],
    [30, [30, 0]],
    [7, [7, 0]],
    [0, [0]],
  ])('a brand asking for %p days offers %p', (offered, expected) => {
    expect(historyWindowChoices(offered)).toEqual(expected);
  });

  it.each([-1, 1.5, Number.NaN, MAX_HISTORY_WINDOW_DAYS + 1])('refuses an offer of %p days', (offered) => {
    expect(() => historyWindowChoices(offered)).toThrow(RangeError);
  });

  it.each<[number, number, boolean]>([
    [365, 365, true],
    [365, 30, true],
    [365, 0, true],
    [365, 366, false],
    [365, 180, false],
    [45, 90, false],
    [0, 0, true],
    [0, 30, false],
  ])('offer %p, answer %p: %p', (offered, chosen, allowed) => {
    expect(isHistoryWindowChoice(offered, chosen)).toBe(allowed);
  });
});
