import { IsInt, IsString, validateSync } from 'class-validator';
import './validation-metadata-cache.js';

describe('cached class-validator rule lookups', () => {
  class Base {
    @IsString() name!: unknown;
  }

  it('keeps the answer per class, inherited rules included', () => {
    class Child extends Base {
      @IsInt() count!: unknown;
    }
    const bad = Object.assign(new Child(), { name: 1, count: 'x' });
    for (let i = 0; i < 3; i++) {
      expect(validateSync(bad).map((error) => error.property)).toEqual(['count', 'name']);
    }
    expect(validateSync(Object.assign(new Child(), { name: 'a', count: 2 }))).toEqual([]);
  });

  it('sees a rule registered after a class was first validated', () => {
    class Later {
      @IsString() first!: unknown;
    }
    expect(validateSync(Object.assign(new Later(), { first: 'a', second: 'b' }))).toEqual([]);
    IsInt()(Later.prototype, 'second');
    expect(validateSync(Object.assign(new Later(), { first: 'a', second: 'b' })).map((e) => e.property)).toEqual([
      'second',
    ]);
  });
});
