/**
 * One entry of the seed's HTTPValidationError body, for rules only the owning service can check. `loc`
 * starts with the request part (`body`, `query`, `path`, `header`), FastAPI style.
 */
export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input?: unknown;
}
