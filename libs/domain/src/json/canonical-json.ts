/**
 * JSON with object keys sorted (by UTF-16 code units) at every level and `undefined` members left out,
 * so two values that mean the same thing serialise to the same text (used to recognise a retried request).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not representable in JSON`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map((element) => (element === undefined ? 'null' : canonicalJson(element))).join(',')}]`;
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    // Built by hand: an object would list integer-like keys first whatever order they were added in.
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`canonicalJson: a ${typeof value} is not representable in JSON`);
}
