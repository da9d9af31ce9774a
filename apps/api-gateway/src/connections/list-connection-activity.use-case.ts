import { Injectable } from '@nestjs/common';
import { toPublicConnectionStatus, type SyncContracts } from '@cps/contracts';
import { SyncClient } from '../clients/sync.client.js';

type ActivityLog = SyncContracts.ConnectionActivity;
type Snapshot = ActivityLog['activity'][number]['connection_before'];

/** Internal `revoked` never reaches the REST API; the contract already excludes it, this keeps it so. */
function publicSnapshot(snapshot: Snapshot): Snapshot {
  if (!snapshot) return null;
  return { ...snapshot, status: toPublicConnectionStatus(snapshot.status) };
}

@Injectable()
export class ListConnectionActivityUseCase {
  constructor(private readonly sync: SyncClient) {}

  /** Newest first, as sync-service keeps it. */
  async execute(teamId: string, connectionId: string): Promise<ActivityLog> {
    const log = await this.sync.listConnectionActivity({ teamId, connectionId });
    return {
      connection_id: log.connection_id,
      activity: log.activity.map((entry) => ({
        ...entry,
        connection_before: publicSnapshot(entry.connection_before),
        connection_after: publicSnapshot(entry.connection_after),
      })),
    };
  }
}
