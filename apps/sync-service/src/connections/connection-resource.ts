import { type Actor, type Connection, type SyncContracts } from '@cps/contracts';
import { toPublicSnapshot } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import {
  type ActivityEvent,
  type ConnectionActivityEntity,
  type ConnectionSnapshot,
  type NewActivityEntry,
} from './connection-activity.entity.js';
import { type ConnectionEntity } from './connection.entity.js';

export function toConnection(connection: ConnectionEntity): Connection {
  return {
    ...toSnapshot(connection),
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

export type ActivityLogEntry = SyncContracts.ActivityLogEntry;

/** The seed's ActivityLogEntry: `details` always present, snapshots without tags, `revoked` as `disconnected`. */
export function toActivityLogEntry(entry: ConnectionActivityEntity): ActivityLogEntry {
  return {
    timestamp: entry.occurredAt.toISOString(),
    event_source: entry.eventSource,
    event: entry.event,
    details: entry.details ?? null,
    source_id_type: entry.sourceIdType ?? null,
    source_id_name: entry.sourceIdName ?? null,
    connection_before: toPublicSnapshot(entry.connectionBefore),
    connection_after: toPublicSnapshot(entry.connectionAfter),
  };
}

/** Unknown, deleted and other teams' connections all look the same. */
export function connectionNotFound(connectionId: string): RpcRefusal {
  return new RpcRefusal(404, `connection ${connectionId} not found`);
}

/** The simulator's endpoints name only simulated connections: any other id is not found. */
export function simulatedConnectionNotFound(connectionId: string): RpcRefusal {
  return new RpcRefusal(404, `simulated connection ${connectionId} not found`);
}
