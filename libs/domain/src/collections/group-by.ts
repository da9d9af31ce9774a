/** `values` grouped by `key`, groups and their members in first-seen order (Map.groupBy, which Node 20 lacks). */
export function groupBy<T>(values: Iterable<T>, key: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const name = key(value);
    const group = groups.get(name);
    if (group) group.push(value);
    else groups.set(name, [value]);
  }
  return groups;
}
