import { lockedOutMessage, lockSecondsAfter, mostGuessesIn, SIGN_IN_THROTTLE } from './sign-in-throttle.js';

describe('sign-in throttle', () => {
  it.each([
    [1, 0],
    [5, 0],
    [6, 60],
    [7, 120],
    [8, 240],
    [10, 960],
    [11, 1800],
    [40, 1800],
  ])('an account locked after failure %i for %i s', (failures, seconds) => {
    expect(lockSecondsAfter(failures, SIGN_IN_THROTTLE.account)).toBe(seconds);
  });

  it.each([
    [20, 0],
    [21, 60],
    [26, 1800],
  ])('an address locked after failure %i for %i s', (failures, seconds) => {
    expect(lockSecondsAfter(failures, SIGN_IN_THROTTLE.address)).toBe(seconds);
  });

  it('leaves an attacker 11 guesses in the first hour per account, 26 per address, then 2 an hour', () => {
    expect(mostGuessesIn(1, SIGN_IN_THROTTLE.account)).toBe(11);
    expect(mostGuessesIn(1, SIGN_IN_THROTTLE.address)).toBe(26);
    expect(mostGuessesIn(25, SIGN_IN_THROTTLE.account) - mostGuessesIn(24, SIGN_IN_THROTTLE.account)).toBe(2);
    expect(mostGuessesIn(24, SIGN_IN_THROTTLE.account)).toBe(57);
    expect(mostGuessesIn(24, SIGN_IN_THROTTLE.address)).toBe(72);
  });

  it('tells the person how long to wait', () => {
    expect(lockedOutMessage(30)).toBe('Too many failed sign-ins. Try again in 1 minute.');
    expect(lockedOutMessage(1800)).toBe('Too many failed sign-ins. Try again in 30 minutes.');
  });
});
