import { toPublicSnapshot, type ConnectionSnapshot, type StoredConnectionSnapshot } from './activity-snapshot.js';

const stored = {
  connection_id: 'conn_1',
  customer_id: 'cust_1',
  retailer_id: 'walmart',
  status: 'active',
  email: 'a@example.com',
  mobile: null,
} satisfies StoredConnectionSnapshot & ConnectionSnapshot;

describe('toPublicSnapshot', () => {
  it.each<[string, StoredConnectionSnapshot | null, ConnectionSnapshot | null]>([
    ['no snapshot stays null', null, null],
    ['an active snapshot is copied', stored, { ...stored }],
    ['revoked is shown as disconnected', { ...stored, status: 'revoked' }, { ...stored, status: 'disconnected' }],
    ['disconnected stays disconnected', { ...stored, status: 'disconnected' }, { ...stored, status: 'disconnected' }],
    [
      'tags or other stored members are dropped',
      { ...stored, tags: { utm_source: 'x' }, is_simulated: true } as StoredConnectionSnapshot,
      { ...stored },
    ],
    [
      'missing email and mobile become null (every key present)',
      { ...stored, email: undefined, mobile: undefined } as unknown as StoredConnectionSnapshot,
      { ...stored, email: null, mobile: null },
    ],
  ])('%s', (_name, input, expected) => {
    const result = toPublicSnapshot(input);
    expect(result).toStrictEqual(expected);
    if (result) {
      expect(Object.keys(result).sort()).toEqual(
        ['connection_id', 'customer_id', 'email', 'mobile', 'retailer_id', 'status'].sort(),
      );
    }
  });
});
