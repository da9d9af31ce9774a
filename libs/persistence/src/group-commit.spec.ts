import { GroupCommit, KeyedGroupCommit } from './group-commit.js';

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

describe('GroupCommit without a batch limit, failing a batch whole', () => {
  it('takes every waiting item in the next statement', async () => {
    const db = manualWrite();
    const commit = new GroupCommit({ write: db.write });
    const all = Promise.all([1, 2, 3, 4, 5].map((item) => commit.submit(item)));
    for (let i = 0; i < 2; i += 1) await db.finishOne();
    await expect(all).resolves.toHaveLength(5);
    expect(db.batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it("fails every item of a failed batch with the batch's error, writing nothing again", async () => {
    const db = manualWrite();
    const commit = new GroupCommit({ onFailure: 'fail', write: db.write });
    const first = commit.submit(1);
    const results = [2, 3, 4].map((item) => commit.submit(item).catch((error: Error) => error.message));
    db.failOn([3]);
    for (let i = 0; i < 2; i += 1) await db.finishOne();
    await expect(first).resolves.toBe('done 1');
    await expect(Promise.all(results)).resolves.toEqual(['bad 2,3,4', 'bad 2,3,4', 'bad 2,3,4']);
    expect(db.batches).toEqual([[1], [2, 3, 4]]);
  });
});

describe('GroupCommit gathering its first batch', () => {
  it('waits one turn of the event loop, so the items submitted in the same turn go in the first statement', async () => {
    const db = manualWrite();
    const commit = new GroupCommit({ maxBatch: 3, gatherFirst: true, write: db.write });
    const all = Promise.all([1, 2, 3, 4].map((item) => commit.submit(item)));
    expect(db.batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.batches).toEqual([[1, 2, 3]]);
    for (let i = 0; i < 2; i += 1) await db.finishOne();
    await expect(all).resolves.toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(db.batches).toEqual([[1, 2, 3], [4]]);
  });
});

describe('KeyedGroupCommit', () => {
  it('batches the items of one key, never mixes keys, and starts a key afresh once it went idle', async () => {
    const writes = new Map<string, ReturnType<typeof manualWrite>>();
    const commit = new KeyedGroupCommit<string, number, string>((key) => {
      const db = manualWrite();
      writes.set(key, db);
      return { write: db.write };
    });
    const a = [1, 2, 3].map((item) => commit.submit('a', item));
    const b = [7, 8].map((item) => commit.submit('b', item));
    await writes.get('a')!.finishOne();
    await writes.get('b')!.finishOne();
    await writes.get('a')!.finishOne();
    await writes.get('b')!.finishOne();
    await expect(Promise.all(a)).resolves.toEqual(['done 1', 'done 2', 'done 3']);
    await expect(Promise.all(b)).resolves.toEqual(['done 7', 'done 8']);
    expect(writes.get('a')!.batches).toEqual([[1], [2, 3]]);
    expect(writes.get('b')!.batches).toEqual([[7], [8]]);
    const firstA = writes.get('a');
    const again = commit.submit('a', 4);
    expect(writes.get('a')).not.toBe(firstA);
    await writes.get('a')!.finishOne();
    await expect(again).resolves.toBe('done 4');
  });
});
