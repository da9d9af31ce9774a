import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { definition } from '../service-definition.js';
import { loadAppConfig } from '../config.js';
import { createOpenApiDocument } from './openapi-documents.service.js';

/** The committed document; `UPDATE_OPENAPI_SNAPSHOT=1` rewrites it (then review its diff like code). */
const SNAPSHOT = new URL('./openapi.snapshot.json', import.meta.url).pathname;

/** Keys sorted at every level, so only a change of content shows (array order is content: parameters, required). */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, normalised((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The published OpenAPI document is a contract: any change to it (a path, a parameter, a schema, a required field,
 * an example) shows up here as a failing diff, whether it came from a DTO, a validator, a comment or a controller.
 */
describe('the published OpenAPI document', () => {
  it('equals the committed snapshot', async () => {
    const config = loadAppConfig({ NODE_ENV: 'development' });
    // Preview: the module graph without instantiating providers (no database, no NATS).
    const app = await NestFactory.create(definition.module(config), { preview: true, logger: false });
    const document = `${JSON.stringify(normalised(await createOpenApiDocument(app, config)), null, 2)}\n`;
    await app.close();
    if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') writeFileSync(SNAPSHOT, document);
    expect(JSON.parse(document)).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
  });
});
