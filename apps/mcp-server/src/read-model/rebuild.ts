import { JetStreamApiError, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsServerOptions } from '@cps/messaging';
import pg from 'pg';
import { type McpConfig } from '../config.js';
import { PROJECTORS } from './handlers.js';

/** The durable consumer names of the projection (InboxConsumerService names them `<service>-<handler>`). */
const PROJECTION_CONSUMERS = PROJECTORS.map((Projector) => `mcp-server-${new Projector().name}`);

/**
 * Rebuilds the read model from scratch: empties the projected tables (and the `ask` summaries) and the inbox rows
 * earlier versions of the projectors left (they keep none now) in one transaction, then deletes the durable
 * consumers. Running mcp-server replicas recreate them (deliver all) and replay every event the stream still holds,
 * which fills the summaries again through their triggers (ADR 0016). Returns what was removed.
 */
export async function rebuildReadModel(config: McpConfig): Promise<{ rows: number; consumers: string[] }> {
  const db = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'mcp-server-rebuild' });
  await db.connect();
  let rows = 0;
  try {
    await db.query('BEGIN');
    // The summaries follow the items and purchases (their triggers); emptied as well, in case they drifted.
    for (const table of [
      'items',
      'purchases',
      'connections',
      'connection_sharing',
      'item_rematches',
      'product_names',
      'item_months',
      'purchase_days',
    ]) {
      rows += (await db.query(`DELETE FROM mcp.${table}`)).rowCount ?? 0;
    }
    await db.query(`DELETE FROM mcp.inbox WHERE consumer = ANY($1)`, [PROJECTION_CONSUMERS]);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
  // The user a NATS_URL may name (Kubernetes gives each service one) signs in, as for the service itself.
  const nats = await connect({ ...natsServerOptions(config.NATS_URL), name: 'mcp-server-rebuild' });
  const deleted: string[] = [];
  try {
    const jsm = await jetstreamManager(nats);
    for (const consumer of PROJECTION_CONSUMERS) {
      try {
        await jsm.consumers.delete(config.EVENTS_STREAM, consumer);
        deleted.push(consumer);
      } catch (error) {
        if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      }
    }
  } finally {
    await nats.close();
  }
  return { rows, consumers: deleted };
}
