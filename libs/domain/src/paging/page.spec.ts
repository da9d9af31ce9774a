import { rowsToRead, takePage } from './page.js';

describe('takePage', () => {
  it.each<[number[], number, number[], boolean]>([
    // rows read (limit + 1 at most), limit, page, has_more
    [[], 10, [], false],
    [[1, 2, 3], 10, [1, 2, 3], false],
    [[1, 2, 3], 3, [1, 2, 3], false],
    [[1, 2, 3, 4], 3, [1, 2, 3], true],
    [[1, 2], 1, [1], true],
    [[1], 1, [1], false],
  ])('%j with limit %i is %j (has_more %s)', (rows, limit, items, hasMore) => {
    expect(takePage(rows, limit)).toEqual({ items, hasMore });
  });

  it.each([0, -1, 1.5])('refuses limit %s', (limit) => {
    expect(() => takePage([1], limit)).toThrow(RangeError);
  });

  it('reads one row more than a page', () => {
    expect(rowsToRead(50)).toBe(51);
  });
});
