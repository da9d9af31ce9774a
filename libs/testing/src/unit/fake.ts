/**
 * A stand-in for a class the unit under test depends on, for specs: only the members the test needs, each
 * checked against the real class's signature. A member the test left out throws when called.
 */
export function fake<T extends object>(members: Partial<T>): T {
  return members as T;
}
