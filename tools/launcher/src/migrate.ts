import { resolve } from 'node:path';
import { prepareEnvironment } from './environment.js';
import { Platform } from './platform.js';

/** `npm run migrate`: applies pending migrations of every service. */
const root = resolve(import.meta.dirname, '../../../..');
const environment = await prepareEnvironment(root);
try {
  await new Platform({ root, env: { ...environment.env, NODE_ENV: 'development' } }).migrate();
  console.log('migrations applied for all services');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await environment.stop();
}
