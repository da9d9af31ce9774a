import {
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { EVENT_CONTEXTS } from '@cps/contracts';

/**
 * Copies of the stream a NATS cluster keeps: EVENTS_STREAM_REPLICAS (1 to 5; 3 on the production cluster). Unset,
 * the server's default (1) stays, so a single development server works. Changing it later is applied here too.
 */
export function eventStreamReplicas(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const replicas = Number(env.EVENTS_STREAM_REPLICAS);
  return Number.isInteger(replicas) && replicas >= 1 && replicas <= 5 ? replicas : undefined;
}

/** Creates the domain-event stream or brings its configuration up to date. Safe to call from every process. */
export async function ensureEventStream(
  jsm: JetStreamManager,
  name: string,
  replicas = eventStreamReplicas(),
): Promise<void> {
  const config: Partial<StreamConfig> & { name: string } = {
    ...(replicas ? { num_replicas: replicas } : {}),
    name,
    // Events are `<context>.<entity>.<past-verb>.v1`: four tokens, so rpc subjects (three) never land here.
    subjects: EVENT_CONTEXTS.map((context) => `${context}.*.*.*`),
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: nanos(7 * 24 * 3600 * 1000),
    duplicate_window: nanos(10 * 60 * 1000),
  };
  try {
    await jsm.streams.info(name);
    await jsm.streams.update(name, config);
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
    await jsm.streams.add(config).catch(async (addError: unknown) => {
      // Another process created it between our info() and add(): fine.
      if (!(addError instanceof JetStreamApiError)) throw addError;
      await jsm.streams.info(name);
    });
  }
}
