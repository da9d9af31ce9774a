import { z } from 'zod';

export interface ApiSchemaMeta {
  /** A named schema: a component of the OpenAPI document (response shapes only). */
  id?: string;
  description?: string;
  /** Anything else is merged into the JSON Schema (e.g. `type: 'integer'` for a parsed query string). */
  [keyword: string]: unknown;
}

/** Names and descriptions of the schemas the OpenAPI document shows. */
export const apiSchemas = z.registry<ApiSchemaMeta>();

/** Registers a response schema as a named component. */
export function named<S extends z.ZodType>(id: string, schema: S, description?: string): S {
  apiSchemas.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}

/** Attaches a description (and optionally JSON Schema keywords) to a schema, for the document. */
export function described<S extends z.ZodType>(schema: S, description: string, keywords: ApiSchemaMeta = {}): S {
  apiSchemas.add(schema, { ...keywords, description });
  return schema;
}
