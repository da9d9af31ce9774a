import { CONNECTION_STATUSES, type ConnectionStatus } from '@cps/contracts';
import { type ConnectionFilterQuery } from './dto/connections.dto.js';

/** The list request of the page's filters, in the viewer's mode (test: simulated only; live: real only). */
export function listRequest(teamId: string, testMode: boolean, filter: ConnectionFilterQuery, after: string) {
  return {
    teamId,
    simulated: testMode,
    ...(filter.q ? { search: filter.q } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
    ...((CONNECTION_STATUSES as readonly string[]).includes(filter.status)
      ? { status: filter.status as ConnectionStatus }
      : {}),
    ...(filter.retailer_id ? { retailer_id: filter.retailer_id } : {}),
    ...(after ? { starting_after: after } : {}),
  };
}
