interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<T, R> {
  /** Most items one statement takes (default: every item waiting). */
  maxBatch?: number;
  /**
   * A failed batch: `split` (default) writes its items one by one, so one bad item fails only its own caller;
   * `fail` fails every item of the batch with the error (a statement that fails for all alike, such as a lost
   * connection, is not sent again per item).
   */
  onFailure?: 'split' | 'fail';
  /**
   * Waits one turn of the event loop before the first statement after an idle spell, so the items submitted in
   * the same turn (the messages of one pull) go in it together (default: the first item is written at once).
   */
  gatherFirst?: boolean;
  /** Called when the last waiting item is written and nothing waits any more. */
  onIdle?: () => void;
  /**
   * Writes the items in one statement (its own transaction) and answers one result per item, in the items' order.
   * Items of one batch may come from unrelated callers: the statement must not let one item's effect depend on
   * another's.
   */
  write(items: T[]): Promise<R[]>;
}

/**
 * Group commit for single-row bookkeeping that many concurrent tasks of a process write (a webhook attempt's
 * result, a poll's end): the first item is written at once, and the items submitted while that statement runs
 * wait for it and are written together by the next one. Alone it costs what a single statement costs; under load
 * it is one statement and one commit per batch instead of per item (ADR 0018). When a batch fails, its items are
 * written one by one, so one bad item fails only its own caller.
 */
export class GroupCommit<T, R> {
  private readonly waiting: Array<Waiting<T, R>> = [];
  private writing = false;

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      if (this.options.gatherFirst) await new Promise((resolve) => setImmediate(resolve));
      while (this.waiting.length > 0) await this.writeBatch(this.waiting.splice(0, this.options.maxBatch ?? Infinity));
    } finally {
      this.writing = false;
    }
    this.options.onIdle?.();
  }

  private async writeBatch(batch: Array<Waiting<T, R>>): Promise<void> {
    try {
      const results = await this.options.write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(results[i] as R));
    } catch (error) {
      if (batch.length === 1 || this.options.onFailure === 'fail')
        return batch.forEach((waiting) => waiting.reject(error));
      for (const waiting of batch) await this.writeBatch([waiting]);
    }
  }
}

/**
 * One group commit per key (a rate-limit bucket, a consumer): items of one key are batched together, keys never
 * mix, and a key's group is dropped once it is idle.
 */
export class KeyedGroupCommit<K, T, R> {
  private readonly groups = new Map<K, GroupCommit<T, R>>();

  constructor(private readonly optionsFor: (key: K) => GroupCommitOptions<T, R>) {}

  submit(key: K, item: T): Promise<R> {
    let group = this.groups.get(key);
    if (!group) {
      group = new GroupCommit({ ...this.optionsFor(key), onIdle: () => this.groups.delete(key) });
      this.groups.set(key, group);
    }
    return group.submit(item);
  }
}
