import { isNewerThan, receivesDeliveries } from './installation-change.js';

const at = (iso: string) => new Date(iso);

describe('isNewerThan', () => {
  const current = { lastEventAt: at('2025-01-01T10:00:00.000Z'), lastEventId: '01JB0000000000000000000005' };

  it.each([
    ['a later event', '2025-01-01T10:00:00.001Z', '01JA0000000000000000000000', true],
    ['an earlier event (reordered or redelivered)', '2025-01-01T09:59:59.999Z', '01JZ0000000000000000000000', false],
    ['an event of the same instant with a later id', '2025-01-01T10:00:00.000Z', '01JB0000000000000000000006', true],
    [
      'an event of the same instant with an earlier id',
      '2025-01-01T10:00:00.000Z',
      '01JB0000000000000000000004',
      false,
    ],
    ['the same event again', '2025-01-01T10:00:00.000Z', '01JB0000000000000000000005', false],
  ])('%s -> %s', (_what, occurredAt, eventId, newer) => {
    expect(isNewerThan({ occurredAt: at(occurredAt), eventId }, current)).toBe(newer);
  });
});

describe('receivesDeliveries', () => {
  it.each([
    ['active', 'https://partner.example/hooks', true],
    ['active', null, false],
    ['deactivated', 'https://partner.example/hooks', false],
    ['disconnected', 'https://partner.example/hooks', false],
  ] as const)('%s with url %s -> %s', (status, webhookUrl, expected) => {
    expect(receivesDeliveries({ status, webhookUrl })).toBe(expected);
  });
});
