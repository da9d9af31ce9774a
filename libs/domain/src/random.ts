/** A source of uniform numbers in [0, 1), injected so generators stay deterministic under test. */
export type RandomFn = () => number;

/** An integer in [min, max], both inclusive. */
export function randomInt(random: RandomFn, min: number, max: number): number {
  if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
    throw new RangeError(`randomInt needs integers min <= max, got ${min}..${max}`);
  }
  return min + Math.min(Math.floor(random() * (max - min + 1)), max - min);
}

export function pickOne<T>(random: RandomFn, options: readonly T[]): T {
  if (options.length === 0) throw new RangeError('pickOne needs at least one option');
  return options[randomInt(random, 0, options.length - 1)] as T;
}

/** `count` distinct elements in random order (partial Fisher-Yates). */
export function pickDistinct<T>(random: RandomFn, options: readonly T[], count: number): T[] {
  if (count > options.length) throw new RangeError(`cannot pick ${count} of ${options.length}`);
  const pool = [...options];
  for (let i = 0; i < count; i += 1) {
    const j = randomInt(random, i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}
