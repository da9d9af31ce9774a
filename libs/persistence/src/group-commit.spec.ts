import { GroupCommit } from './group-commit.js';

/** A write whose statements the test finishes by hand, recording the batches it was given. */
function manualWrite() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  let failing = new Set<number>();
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      pending.push(() =>
        items.some((item) => failing.has(item))
          ? reject(new Error(`bad ${items.join(',')}`))
          : resolve(items.map((item) => `done ${item}`)),
      );
    });
  return {
    batches,
    write,
    failOn: (items: number[]) => void (failing = new Set(items)),
    /** Finishes the statement in flight and lets the next one start. */
    async finishOne() {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('GroupCommit', () => {
  it('writes the first item at once and the items submitted meanwhile together, each getting its own result', async () => {
    const db = manualWrite();
    const commit = new GroupCommit({ maxBatch: 10, write: db.write });
    const first = commit.submit(1);
    const rest = [2, 3, 4].map((item) => commit.submit(item));
    expect(db.batches).toEqual([[1]]);
    await db.finishOne();
    expect(db.batches).toEqual([[1], [2, 3, 4]]);
    await db.finishOne();
    await expect(first).resolves.toBe('done 1');
    await expect(Promise.all(rest)).resolves.toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('takes at most maxBatch items per statement', async () => {
    const db = manualWrite();
    const commit = new GroupCommit({ maxBatch: 2, write: db.write });
    const all = Promise.all([1, 2, 3, 4, 5].map((item) => commit.submit(item)));
    for (let i = 0; i < 3; i += 1) await db.finishOne();
    await expect(all).resolves.toHaveLength(5);
    expect(db.batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('writes a failed batch item by item, so only the bad item fails', async () => {
    const db = manualWrite();
    const commit = new GroupCommit({ maxBatch: 10, write: db.write });
    const first = commit.submit(1);
    const results = [2, 3, 4].map((item) => commit.submit(item).catch((error: Error) => error.message));
    db.failOn([3]);
    for (let i = 0; i < 5; i += 1) await db.finishOne();
    await expect(first).resolves.toBe('done 1');
    await expect(Promise.all(results)).resolves.toEqual(['done 2', 'bad 3', 'done 4']);
    expect(db.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('starts again after going idle', async () => {
    const db = manualWrite();
    const commit = new GroupCommit({ maxBatch: 10, write: db.write });
    const first = commit.submit(1);
    await db.finishOne();
    await first;
    const second = commit.submit(2);
    await db.finishOne();
    await expect(second).resolves.toBe('done 2');
    expect(db.batches).toEqual([[1], [2]]);
  });
});
