/** The scheduler's configuration (collection.config.ts), injected so tests pass plain objects. */
export const COLLECTION_CONFIG = Symbol('COLLECTION_CONFIG');
