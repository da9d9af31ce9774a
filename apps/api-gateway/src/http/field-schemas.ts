import { z } from 'zod';
import { described } from '../openapi/schema-registry.js';

/** Fields several request bodies share, with the seed's limits. */

export const customerIdField = () =>
  described(z.string().min(1).max(64), 'Maps the connection to a customer record in your system (1-64 characters)');

/** Retailer ids are lowercase slugs (`walmart`, `sams-club`). */
export const RETAILER_ID_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export const retailerIdField = () =>
  described(z.string().min(1).max(64).regex(RETAILER_ID_PATTERN), 'Retailer id, a lowercase slug');

/** An email address as browsers accept it (WHATWG), at most 254 characters. */
export const emailField = () =>
  described(z.email({ pattern: z.regexes.html5Email }).max(254), 'Customer email address (at most 254 characters)');

export const mobileField = () =>
  described(z.string().min(1).max(16), 'Customer mobile phone number (at most 16 characters)');

export const MAX_TAGS = 10;

/** Client-defined attribution tags (seed: Connection.tags); opaque, never interpreted. */
export const tagsField = () =>
  described(
    z.record(z.string().min(1).max(64), z.string().max(256)).refine((tags) => Object.keys(tags).length <= MAX_TAGS, {
      message: `Dictionary should have at most ${MAX_TAGS} items`,
      params: { type: 'too_long', ctx: { field_type: 'Dictionary', max_length: MAX_TAGS } },
    }),
    'Attribution tags: at most 10; names up to 64 characters, values up to 256. Must not hold personal data.',
    { maxProperties: MAX_TAGS },
  );
