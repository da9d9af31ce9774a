import { runService } from '@cps/platform';
import { definition } from './service-definition.js';
import { loadAppConfig } from './config.js';
import { rebuildReadModel } from './read-model/rebuild.js';

if (process.argv[2] === 'rebuild-read-model') {
  // Empties the read model and replays the event stream into it (ADR 0016); the running replicas do the replay.
  const result = await rebuildReadModel(loadAppConfig());
  process.stdout.write(
    `${JSON.stringify({ rebuilt: true, removed_rows: result.rows, consumers: result.consumers })}\n`,
  );
  process.exit(0);
}

await runService(definition);
