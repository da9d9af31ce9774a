import { type Actor, type Connection } from '@cps/contracts';
import { type ActivityEvent, type ConnectionSnapshot, type NewActivityEntry } from './connection-activity.entity.js';
import { type ConnectionEntity } from './connection.entity.js';

export function toConnection(connection: ConnectionEntity): Connection {
  return {
    connection_id: connection.id,
    customer_id: connection.customerId,
    retailer_id: connection.retailerId,
    status: connection.status,
    email: connection.email,
    mobile: connection.mobile,
    tags: connection.tags,
    is_simulated: connection.isSimulated,
    created_at: connection.createdAt.toISOString(),
  };
}

/** Activity entries never record tags. */
export function toSnapshot(connection: ConnectionEntity): ConnectionSnapshot {
  return {
    connection_id: connection.id,
    customer_id: connection.customerId,
    retailer_id: connection.retailerId,
    status: connection.status,
    email: connection.email,
    mobile: connection.mobile,
  };
}

/** An activity entry attributed to the actor that caused it. */
export function activityEntry(
  actor: Actor,
  entry: {
    event: ActivityEvent;
    at: Date;
    details: string | null;
    before: ConnectionEntity | null;
    after: ConnectionEntity | null;
  },
): NewActivityEntry {
  const subject = entry.after ?? entry.before;
  if (!subject) throw new Error('an activity entry needs the connection before or after the change');
  return {
    teamId: subject.teamId,
    connectionId: subject.id,
    occurredAt: entry.at,
    eventSource: actor.source,
    event: entry.event,
    details: entry.details,
    sourceIdType: actor.idType,
    sourceIdName: actor.idName,
    connectionBefore: entry.before ? toSnapshot(entry.before) : null,
    connectionAfter: entry.after ? toSnapshot(entry.after) : null,
  };
}
