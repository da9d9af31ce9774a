import { getHeapSpaceStatistics } from 'node:v8';
import { shrinkHeap } from './startup-memory.js';

const newSpaceSize = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

describe('shrinkHeap', () => {
  it('gives back the young generation that a burst of surviving allocations grew', () => {
    // Objects that survive several young-generation collections make V8 grow the young generation, as loading a
    // service's modules does.
    let kept: object[] = [];
    for (let round = 0; round < 40 && newSpaceSize() < 8 * 1024 * 1024; round += 1) {
      for (let i = 0; i < 100_000; i += 1) kept.push({ round, i, text: `item ${i}` });
      kept = kept.slice(-200_000);
    }
    const grown = newSpaceSize();
    kept = [];
    expect(shrinkHeap()).toBe(true);
    expect(newSpaceSize()).toBeLessThan(grown);
  });
});
