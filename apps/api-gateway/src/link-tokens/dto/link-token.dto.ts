import { z } from 'zod';
import { SyncContracts } from '@cps/contracts';
import { customerIdField, emailField, mobileField, tagsField } from '../../http/field-schemas.js';
import { described, named } from '../../openapi/schema-registry.js';

export const createLinkTokenBodySchema = z
  .object({
    customer_id: described(customerIdField(), 'The customer the token is scoped to (1-64 characters)'),
    email: emailField().nullable().optional(),
    mobile: mobileField().nullable().optional(),
    tags: described(tagsField(), 'Recorded on connections created through the token').optional(),
    expires_in_days: described(z.int().min(1).max(365), 'Whole days, 1 to 365 (default 30)').optional(),
  })
  .strict();
export type CreateLinkTokenBody = z.output<typeof createLinkTokenBodySchema>;

export const createLinkTokenHeadersSchema = z.object({
  'x-service-idempotency-key': described(
    z.string().min(1).max(255),
    'Retrying an identical request with the same key returns the same token; without it every request ' +
      'creates a new token',
  ).optional(),
});
export type CreateLinkTokenHeaders = z.output<typeof createLinkTokenHeadersSchema>;

export const listLinkTokensQuerySchema = z.object({
  customer_id: described(z.string().min(1).max(64), 'The customer whose tokens to list'),
  status: described(SyncContracts.linkTokenStatusSchema, 'Only tokens in this status').optional(),
});
export type ListLinkTokensQuery = z.output<typeof listLinkTokensQuerySchema>;

/** Any string: a malformed token is an unknown one (404), and a secret is never echoed in a 422. */
export const linkTokenPathSchema = z.object({
  link_token: described(z.string(), 'The raw link token (this path is redacted from logs)'),
});
export type LinkTokenPath = z.output<typeof linkTokenPathSchema>;

export const linkTokenMetadataResponseSchema = named(
  'LinkTokenMetadata',
  z.object({
    customer_id: z.string(),
    status: SyncContracts.linkTokenStatusSchema,
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    revoked_at: described(z.iso.datetime(), 'Set when revoked').optional(),
  }),
);

export const linkTokenResponseSchema = named(
  'LinkToken',
  linkTokenMetadataResponseSchema.extend({
    link_token: described(z.string(), 'Bearer secret (`lt_v1_...`); shown only here'),
  }),
);

export const linkTokenListResponseSchema = named(
  'LinkTokenList',
  z.object({ link_tokens: z.array(linkTokenMetadataResponseSchema) }),
);
