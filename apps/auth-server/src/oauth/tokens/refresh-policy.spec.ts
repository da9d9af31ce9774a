import { decideRefresh, type LedgerToken } from './refresh-policy.js';

const FULL = 'connections:read retailers:read purchases:brand_products';
const now = new Date('2026-11-21T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const daysAhead = (d: number) => new Date(now.getTime() + d * 86_400_000);

const newest: LedgerToken = {
  scope: FULL,
  expiresAt: daysAhead(30),
  revokedAt: null,
  rotatedAt: null,
  replacement: null,
};
const previous = (rotatedMinutesAgo: number, replacementUsed = false): LedgerToken => ({
  ...newest,
  rotatedAt: minutesAgo(rotatedMinutesAgo),
  replacement: { rotatedAt: replacementUsed ? minutesAgo(1) : null, revokedAt: null },
});

describe('decideRefresh (seed refresh rules)', () => {
  it.each<[string, LedgerToken, boolean, ReturnType<typeof decideRefresh>]>([
    ['newest token rotates (rule 1)', newest, true, { kind: 'rotate' }],
    ['previous token inside the window is a retry (rules 3, 4)', previous(59), true, { kind: 'retry' }],
    ['previous token just before 60 minutes is a retry', previous(59.99), true, { kind: 'retry' }],
    [
      'previous token at 60 minutes is reuse (rule 5)',
      previous(60),
      true,
      { kind: 'reuse', reason: 'retry_window_passed' },
    ],
    [
      'previous token after its replacement was used is reuse',
      previous(5, true),
      true,
      { kind: 'reuse', reason: 'older_token' },
    ],
    ['expired token (rule 5)', { ...newest, expiresAt: minutesAgo(0) }, true, { kind: 'reject', reason: 'expired' }],
    ['revoked token (rule 5)', { ...newest, revokedAt: minutesAgo(1) }, true, { kind: 'reject', reason: 'revoked' }],
    [
      'legacy two-scope grant (rule 6)',
      { ...newest, scope: 'connections:read purchases:brand_products' },
      true,
      { kind: 'reject', reason: 'legacy_grant' },
    ],
    ['installation no longer active', newest, false, { kind: 'reject', reason: 'inactive' }],
    [
      'previous token whose replacement was revoked',
      { ...previous(5), replacement: { rotatedAt: null, revokedAt: minutesAgo(1) } },
      true,
      { kind: 'reject', reason: 'revoked' },
    ],
  ])('%s', (_name, token, active, expected) => {
    expect(decideRefresh(token, active, now)).toEqual(expected);
  });
});
