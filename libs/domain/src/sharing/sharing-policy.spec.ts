import { type InternalConnectionStatus } from '@cps/contracts';
import {
  decideSharing,
  DEFAULT_SHARING_PREFERENCES,
  historyWindowStart,
  type PurchaseOrigin,
  type SharingDecision,
  type SharingSubject,
} from './sharing-policy.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LINKED = new Date('2026-02-01T12:00:00.000Z');
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * 86_400_000);

interface Scenario {
  status?: InternalConnectionStatus;
  deleted?: boolean;
  simulatedConnection?: boolean;
  firstLinkedAt?: Date | null;
  origin?: PurchaseOrigin;
  date?: Date;
  windowDays?: number | null;
}

function subject(scenario: Scenario): SharingSubject {
  return {
    connection: {
      status: scenario.status ?? 'active',
      deletedAt: scenario.deleted ? daysBefore(NOW, 1) : null,
      isSimulated: scenario.simulatedConnection ?? false,
      firstLinkedAt: scenario.firstLinkedAt === undefined ? LINKED : scenario.firstLinkedAt,
    },
    purchase: { date: scenario.date ?? daysBefore(NOW, 2), origin: scenario.origin ?? 'retailer' },
    preferences: { historyWindowDays: scenario.windowDays === undefined ? 90 : scenario.windowDays },
    now: NOW,
  };
}

const SHARED: SharingDecision = { eligible: true, publish: true };
const refused = (reason: string): SharingDecision => ({ eligible: false, publish: false, reason }) as SharingDecision;

describe('decideSharing', () => {
  it.each<[string, Scenario, SharingDecision]>([
    // Connection state: only an active, not deleted connection shares.
    ['a new purchase on an active connection', {}, SHARED],
    ['revoked: the shopper withdrew the brand access', { status: 'revoked' }, refused('connection_revoked')],
    ['disconnected by the brand', { status: 'disconnected' }, refused('connection_disconnected')],
    [
      'unauthenticated: the retailer session was lost',
      { status: 'unauthenticated' },
      refused('connection_unauthenticated'),
    ],
    ['initialized: never linked', { status: 'initialized' }, refused('connection_not_linked')],
    ['deleted, even if it was active', { deleted: true }, refused('connection_deleted')],
    [
      'deleted and revoked: deletion is named first',
      { deleted: true, status: 'revoked' },
      refused('connection_deleted'),
    ],
    [
      'revoked and outside the window: the connection is named first',
      { status: 'revoked', date: daysBefore(LINKED, 400) },
      refused('connection_revoked'),
    ],

    // History window, counted back from the first link.
    ['backfill inside the window', { date: daysBefore(LINKED, 89) }, SHARED],
    ['backfill exactly at the window start', { date: daysBefore(LINKED, 90) }, SHARED],
    [
      'backfill one millisecond before the window',
      { date: new Date(daysBefore(LINKED, 90).getTime() - 1) },
      refused('outside_history_window'),
    ],
    ['a purchase after the link, whatever the window', { date: daysBefore(NOW, 1), windowDays: 0 }, SHARED],
    [
      'window 0: nothing before the link',
      { date: daysBefore(LINKED, 1), windowDays: 0 },
      refused('outside_history_window'),
    ],
    ['unlimited window', { date: daysBefore(LINKED, 3_650), windowDays: null }, SHARED],
    [
      'the window does not slide with time: old backfill stays out',
      { date: daysBefore(LINKED, 100), firstLinkedAt: LINKED },
      refused('outside_history_window'),
    ],
    [
      'first link happening now (not recorded yet): the window counts from now',
      { firstLinkedAt: null, date: daysBefore(NOW, 89) },
      SHARED,
    ],
    [
      'first link happening now, purchase older than the window',
      { firstLinkedAt: null, date: daysBefore(NOW, 91) },
      refused('outside_history_window'),
    ],

    // Simulated objects stay among themselves; back-dated simulated history is published like a first link's.
    ['a simulated purchase on a simulated connection', { simulatedConnection: true, origin: 'simulator' }, SHARED],
    [
      'simulated back-dated history',
      { simulatedConnection: true, origin: 'simulator_history', date: daysBefore(LINKED, 20) },
      SHARED,
    ],
    [
      'simulated history outside the window',
      { simulatedConnection: true, origin: 'simulator_history', date: daysBefore(LINKED, 20), windowDays: 7 },
      refused('outside_history_window'),
    ],
    [
      'a simulated purchase on a real connection',
      { origin: 'simulator' },
      refused('simulated_purchase_on_real_connection'),
    ],
    [
      'simulated history on a real connection',
      { origin: 'simulator_history' },
      refused('simulated_purchase_on_real_connection'),
    ],
    [
      'a retailer purchase on a simulated connection (they are never synced)',
      { simulatedConnection: true },
      refused('real_purchase_on_simulated_connection'),
    ],
    [
      'a simulated purchase on an unauthenticated simulated connection',
      { simulatedConnection: true, origin: 'simulator', status: 'unauthenticated' },
      refused('connection_unauthenticated'),
    ],
  ])('%s', (_name, scenario, expected) => {
    expect(decideSharing(subject(scenario))).toEqual(expected);
  });

  it('never publishes what it refuses', () => {
    const statuses: InternalConnectionStatus[] = [
      'initialized',
      'active',
      'unauthenticated',
      'disconnected',
      'revoked',
    ];
    const origins: PurchaseOrigin[] = ['retailer', 'simulator', 'simulator_history'];
    for (const status of statuses) {
      for (const origin of origins) {
        for (const simulatedConnection of [false, true]) {
          for (const deleted of [false, true]) {
            for (const age of [0, 30, 120]) {
              const decision = decideSharing(
                subject({ status, origin, simulatedConnection, deleted, date: daysBefore(LINKED, age) }),
              );
              if (!decision.eligible) expect(decision.publish).toBe(false);
              if (decision.eligible) expect(status).toBe('active');
            }
          }
        }
      }
    }
  });
});

describe('historyWindowStart', () => {
  it.each<[number | null, Date | null, Date | null]>([
    [null, LINKED, null],
    [0, LINKED, LINKED],
    [30, LINKED, daysBefore(LINKED, 30)],
    [30, null, daysBefore(NOW, 30)],
    [DEFAULT_SHARING_PREFERENCES.historyWindowDays, LINKED, daysBefore(LINKED, 365)],
  ])('%p days before %p -> %p', (days, firstLinkedAt, expected) => {
    expect(historyWindowStart({ historyWindowDays: days }, firstLinkedAt, NOW)).toEqual(expected);
  });

  it.each([-1, 1.5, Number.NaN])('refuses a window of %p days', (days) => {
    expect(() => historyWindowStart({ historyWindowDays: days }, LINKED, NOW)).toThrow(RangeError);
  });
});
