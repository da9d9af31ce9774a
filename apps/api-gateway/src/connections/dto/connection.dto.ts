import { z } from 'zod';
import { connectionStatusSchema } from '@cps/contracts';
import { customerIdField, emailField, mobileField, retailerIdField, tagsField } from '../../http/field-schemas.js';
import { identifier, queryInteger } from '../../http/query-schemas.js';
import { described, named } from '../../openapi/schema-registry.js';

// --- requests -------------------------------------------------------------------------------------

export const connectionPathSchema = z.object({ connection_id: identifier('Connection id') });
export type ConnectionPath = z.output<typeof connectionPathSchema>;

export const createConnectionBodySchema = z
  .object({
    customer_id: customerIdField(),
    retailer_id: described(retailerIdField(), 'A retailer enabled for your team'),
    email: emailField().nullable().optional(),
    mobile: mobileField().nullable().optional(),
    tags: tagsField().optional(),
  })
  .strict();
export type CreateConnectionBody = z.output<typeof createConnectionBodySchema>;

export const listConnectionsQuerySchema = z.object({
  customer_id: described(z.string().min(1).max(64), 'Only connections of this customer').optional(),
  status: described(connectionStatusSchema, 'Only connections in this status').optional(),
  retailer_id: described(z.string().min(1).max(64), 'Only connections to this retailer').optional(),
  limit: queryInteger({ min: 1, max: 100, default: 50, description: 'Page size, 1 to 100 (default 50)' }).optional(),
  starting_after: identifier(
    'A connection id from the previous page: the page holds the connections created before it',
  ).optional(),
});
export type ListConnectionsQuery = z.output<typeof listConnectionsQuerySchema>;

export const updateConnectionBodySchema = z
  .object({
    customer_id: customerIdField().optional(),
    email: emailField().nullable().optional(),
    mobile: mobileField().nullable().optional(),
    status: described(z.literal('disconnected'), 'Only `disconnected`: stops purchase collection').optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'at least one field is required',
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateConnectionBody = z.output<typeof updateConnectionBodySchema>;

export const connectionTokenBodySchema = z
  .object({ scope: described(z.literal('access'), "The only scope: `access` (read the connection's purchases)") })
  .strict();

// --- responses ------------------------------------------------------------------------------------

export const connectionResponseSchema = named(
  'Connection',
  z.object({
    connection_id: z.string(),
    customer_id: z.string(),
    retailer_id: z.string(),
    status: connectionStatusSchema,
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    tags: z.record(z.string(), z.string()),
  }),
  "A shopper's link between a retailer account and your brand",
);

export const connectionListResponseSchema = named(
  'ConnectionList',
  z.object({ connections: z.array(connectionResponseSchema), has_more: z.boolean() }),
);

export const connectionSnapshotResponseSchema = named(
  'ConnectionSnapshot',
  z.object({
    connection_id: z.string(),
    customer_id: z.string(),
    retailer_id: z.string(),
    status: connectionStatusSchema,
    email: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
);

export const activityLogEntryResponseSchema = named(
  'ActivityLogEntry',
  z.object({
    timestamp: z.iso.datetime(),
    event_source: z.enum(['API', 'Dashboard', 'Retailer', 'System', 'Consumer']),
    event: z.string(),
    details: z.string().nullable(),
    source_id_type: z.enum(['dashboard_user', 'client_api_key']).nullable(),
    source_id_name: z.string().nullable(),
    connection_before: connectionSnapshotResponseSchema.nullable(),
    connection_after: connectionSnapshotResponseSchema.nullable(),
  }),
);

export const activityLogResponseSchema = named(
  'ActivityLogResponse',
  z.object({ connection_id: z.string(), activity: z.array(activityLogEntryResponseSchema) }),
);

export const connectionTokenResponseSchema = named(
  'ConnectionToken',
  z.object({
    connection_token: z.string(),
    expires_in: described(z.int().positive(), 'Seconds until the token expires'),
  }),
);
