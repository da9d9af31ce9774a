import { longestDelay, planFailure, ruleApplies, type FailureCall, type FailureRule } from './failure-plan.js';

const NOW = new Date('2026-01-10T12:00:00.000Z');
const rule = (overrides: Partial<FailureRule>): FailureRule => ({
  id: 'f1',
  retailerId: 'walmart',
  accountId: null,
  accountEmail: null,
  scope: 'all',
  kind: 'server_error',
  delayMs: 0,
  status: 503,
  retryAfterSeconds: null,
  remaining: null,
  expiresAt: null,
  createdAt: new Date('2026-01-10T11:00:00.000Z'),
  ...overrides,
});

describe('ruleApplies', () => {
  const call: FailureCall = { accountId: 'acc1', scope: 'orders', now: NOW };

  it.each<[string, Partial<FailureRule>, Partial<FailureCall>, boolean]>([
    ['retailer-wide rule, any account', {}, {}, true],
    ['retailer-wide rule, unknown account (sign-in with an unknown email)', {}, { accountId: null }, true],
    ['the account own rule', { accountId: 'acc1' }, {}, true],
    ['another account rule', { accountId: 'acc2' }, {}, false],
    ['account rule, caller unknown', { accountId: 'acc1' }, { accountId: null }, false],
    ['scope orders on an orders call', { scope: 'orders' }, {}, true],
    ['scope sign_in on an orders call', { scope: 'sign_in' }, {}, false],
    ['scope sign_in on a sign-in call', { scope: 'sign_in' }, { scope: 'sign_in' }, true],
    ['expired', { expiresAt: NOW }, {}, false],
    ['not expired yet', { expiresAt: new Date(NOW.getTime() + 1) }, {}, true],
    ['used up', { remaining: 0 }, {}, false],
    ['one answer left', { remaining: 1 }, {}, true],
  ])('%s -> %s', (_name, overrides, callOverrides, expected) => {
    expect(ruleApplies(rule(overrides), { ...call, ...callOverrides })).toBe(expected);
  });
});

describe('planFailure', () => {
  it('applies nothing without rules', () => {
    expect(planFailure([])).toEqual({ delays: [], error: null });
  });

  it('keeps every delay and picks one error: the account own first, then the oldest', () => {
    const slow = rule({ id: 'slow', kind: 'delay', delayMs: 800, status: null });
    const slower = rule({ id: 'slower', kind: 'delay', delayMs: 2_000, status: null });
    const retailerOld = rule({ id: 'r-old', createdAt: new Date('2026-01-01T00:00:00Z') });
    const retailerNew = rule({ id: 'r-new', kind: 'rate_limit', status: 429 });
    const accountNew = rule({ id: 'a-new', accountId: 'acc1', kind: 'rate_limit', status: 429 });
    const accountOld = rule({ id: 'a-old', accountId: 'acc1', createdAt: new Date('2026-01-02T00:00:00Z') });

    const plan = planFailure([retailerNew, slow, accountNew, retailerOld, accountOld, slower]);
    expect(plan.delays.map((r) => r.id)).toEqual(['slow', 'slower']);
    expect(plan.error?.id).toBe('a-old');
    expect(planFailure([retailerNew, retailerOld]).error?.id).toBe('r-old');
  });

  it('waits for the longest delay, error rules included', () => {
    expect(longestDelay([])).toBe(0);
    expect(longestDelay([rule({ delayMs: 300 }), rule({ kind: 'delay', delayMs: 1_200 })])).toBe(1_200);
  });
});
