import { groupBy } from './group-by.js';

describe('groupBy', () => {
  it('groups by key, keeping first-seen order of groups and members', () => {
    const grouped = groupBy(['b1', 'a1', 'b2', 'a2', 'c1'], (value) => value[0]!);
    expect([...grouped]).toEqual([
      ['b', ['b1', 'b2']],
      ['a', ['a1', 'a2']],
      ['c', ['c1']],
    ]);
  });

  it('is empty for no values', () => {
    expect(groupBy([], String).size).toBe(0);
  });
});
