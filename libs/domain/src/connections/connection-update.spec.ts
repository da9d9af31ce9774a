import { planConnectionUpdate, type ConnectionUpdateRequest, type UpdatableConnection } from './connection-update.js';

interface Row extends UpdatableConnection {
  id: string;
}

const row: Row = { id: 'conn_1', customerId: 'cust_1', email: 'a@example.com', mobile: null, status: 'active' };

type Expected = Array<{ event: string; details: string | null; before: Partial<Row>; after: Partial<Row> }>;

describe('planConnectionUpdate', () => {
  it.each<[string, Row, ConnectionUpdateRequest, Expected, Partial<Row>]>([
    ['an empty request changes nothing', row, {}, [], row],
    ['the same values change nothing', row, { customerId: 'cust_1', email: 'a@example.com', mobile: null }, [], row],
    [
      'a new email is one connection_updated entry',
      row,
      { email: 'b@example.com' },
      [{ event: 'connection_updated', details: 'Changed email', before: row, after: { email: 'b@example.com' } }],
      { email: 'b@example.com', status: 'active' },
    ],
    [
      'several fields are named in one entry, in wire order',
      row,
      { mobile: '+15550100', customerId: 'cust_2', email: null },
      [
        {
          event: 'connection_updated',
          details: 'Changed customer_id, email, mobile',
          before: row,
          after: { customerId: 'cust_2', email: null, mobile: '+15550100' },
        },
      ],
      { customerId: 'cust_2', email: null, mobile: '+15550100' },
    ],
    [
      'disconnecting is a connection_disconnected entry',
      row,
      { status: 'disconnected' },
      [{ event: 'connection_disconnected', details: null, before: row, after: { status: 'disconnected' } }],
      { status: 'disconnected' },
    ],
    [
      'fields then disconnect: two entries, the second starting where the first ended',
      { ...row, status: 'unauthenticated' },
      { email: 'c@example.com', status: 'disconnected' },
      [
        {
          event: 'connection_updated',
          details: 'Changed email',
          before: { email: 'a@example.com', status: 'unauthenticated' },
          after: { email: 'c@example.com', status: 'unauthenticated' },
        },
        {
          event: 'connection_disconnected',
          details: null,
          before: { email: 'c@example.com', status: 'unauthenticated' },
          after: { email: 'c@example.com', status: 'disconnected' },
        },
      ],
      { email: 'c@example.com', status: 'disconnected' },
    ],
    [
      'disconnecting a disconnected connection changes nothing',
      { ...row, status: 'disconnected' },
      { status: 'disconnected' },
      [],
      { status: 'disconnected' },
    ],
    [
      'disconnecting a revoked connection changes nothing',
      { ...row, status: 'revoked' },
      { status: 'disconnected' },
      [],
      { status: 'revoked' },
    ],
    [
      'an initialized connection can be disconnected',
      { ...row, status: 'initialized' },
      { status: 'disconnected' },
      [
        {
          event: 'connection_disconnected',
          details: null,
          before: { status: 'initialized' },
          after: { status: 'disconnected' },
        },
      ],
      { status: 'disconnected' },
    ],
    [
      'a disconnected connection can still be edited',
      { ...row, status: 'disconnected' },
      { customerId: 'cust_9', status: 'disconnected' },
      [
        {
          event: 'connection_updated',
          details: 'Changed customer_id',
          before: { customerId: 'cust_1' },
          after: { customerId: 'cust_9', status: 'disconnected' },
        },
      ],
      { customerId: 'cust_9', status: 'disconnected' },
    ],
  ])('%s', (_name, current, request, steps, result) => {
    const plan = planConnectionUpdate(current, request);
    expect(plan.steps).toEqual(
      steps.map((step) => ({
        event: step.event,
        details: step.details,
        before: expect.objectContaining(step.before),
        after: expect.objectContaining(step.after),
      })),
    );
    expect(plan.result).toEqual({ ...current, ...result });
    // Other members of the row (the id) are carried through every step.
    for (const step of plan.steps) expect(step.after.id).toBe('conn_1');
  });

  it('never changes the row it was given', () => {
    const current = { ...row };
    planConnectionUpdate(current, { email: 'x@example.com', status: 'disconnected' });
    expect(current).toEqual(row);
  });
});
