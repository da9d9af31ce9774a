import { z } from 'zod';
import { defineEvent, defineRpc } from './contract.js';
import {
  actorSchema,
  connectionSchema,
  purchaseDetailSchema,
  retailerStatusSchema,
  teamRetailerSchema,
} from './resources.js';

const SERVICE = 'sync-service';

export const listRetailers = defineRpc(
  SERVICE,
  'sync.list-retailers.v1',
  z.object({ teamId: z.string(), include: z.enum(['enabled', 'all']) }),
  z.object({ retailers: z.array(teamRetailerSchema) }),
);

/** The platform's retailer catalog, team-independent (names and brand colours for images). */
export const listCatalog = defineRpc(
  SERVICE,
  'sync.list-catalog.v1',
  z.object({}),
  z.object({
    retailers: z.array(
      z.object({
        retailer_id: z.string(),
        name: z.string(),
        status: retailerStatusSchema,
        brand_color: z.string().regex(/^#[0-9a-f]{6}$/i),
      }),
    ),
  }),
);

export const updateRetailer = defineRpc(
  SERVICE,
  'sync.update-retailer.v1',
  z.object({
    teamId: z.string(),
    retailerId: z.string(),
    enabled: z.boolean().optional(),
  }),
  teamRetailerSchema,
);

export const createSimulatedConnection = defineRpc(
  SERVICE,
  'sync.create-simulated-connection.v1',
  z.object({
    teamId: z.string(),
    actor: actorSchema,
    retailer_id: z.string(),
    customer_id: z.string().optional(),
    email: z.string().nullable().optional(),
    mobile: z.string().nullable().optional(),
    include_purchases: z.boolean().default(true),
  }),
  connectionSchema,
);

export const createSimulatedPurchase = defineRpc(
  SERVICE,
  'sync.create-simulated-purchase.v1',
  z.object({ teamId: z.string(), connectionId: z.string() }),
  purchaseDetailSchema,
);

export const connectionActivated = defineEvent(
  'sync.connection.activated.v1',
  z.object({ connection: connectionSchema, firstActivation: z.boolean() }),
);

export const purchaseCollected = defineEvent(
  'sync.purchase.collected.v1',
  z.object({ purchase: purchaseDetailSchema }),
);
