import { decodeCursor, encodeCursor } from './order-cursor.js';

describe('order cursor', () => {
  it.each([0, 1, 42, 1_000_000, Number.MAX_SAFE_INTEGER % 1e15])('round-trips %i', (seq) => {
    const cursor = encodeCursor(seq);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toBe(seq);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a b'],
    ['another prefix', Buffer.from('x1:5').toString('base64url')],
    ['negative', Buffer.from('o1:-5').toString('base64url')],
    ['leading zero', Buffer.from('o1:05').toString('base64url')],
    ['fraction', Buffer.from('o1:1.5').toString('base64url')],
    ['too long', 'A'.repeat(65)],
  ])('rejects %s', (_name, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
