import { type Connection, type connectionStatusSchema } from '@cps/contracts';
import { type z } from 'zod';

/** The Connection resource of the REST API (seed: "Connection"). */
export interface PublicConnection {
  connection_id: string;
  customer_id: string;
  retailer_id: string;
  status: z.infer<typeof connectionStatusSchema>;
  email: string | null;
  mobile: string | null;
  tags: Record<string, string>;
}

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
