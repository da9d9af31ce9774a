import { type Transaction, type Transactor } from '@cps/persistence';

/**
 * A stand-in for a class the unit under test depends on, for specs: only the members the test needs, each
 * checked against the real class's signature. A member the test left out throws when called.
 */
export function fake<T extends object>(members: Partial<T>): T {
  return members as T;
}

/** A Transactor for specs: runs the work at once with a stand-in manager that only the fake repositories receive. */
export const inlineTransactor = {
  run: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => work({} as Transaction),
} satisfies Transactor;
