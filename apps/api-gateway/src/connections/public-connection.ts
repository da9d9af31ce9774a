import { type Connection } from '@cps/contracts';
import { type z } from 'zod';
import { type connectionResponseSchema } from './dto/connection.dto.js';

/** The Connection resource of the REST API (seed: "Connection"). */
export type PublicConnection = z.output<typeof connectionResponseSchema>;

/** Internal `revoked` (the shopper withdrew this brand's access) is `disconnected` to the brand. */
export function toPublicConnection(connection: Connection): PublicConnection {
  return {
    connection_id: connection.connection_id,
    customer_id: connection.customer_id,
    retailer_id: connection.retailer_id,
    status: connection.status === 'revoked' ? 'disconnected' : connection.status,
    email: connection.email,
    mobile: connection.mobile,
    tags: connection.tags,
  };
}
