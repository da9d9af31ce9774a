import { CreateMatchingSchema1732400000000 } from './1732400000000-create-matching-schema.js';

export const migrations = [CreateMatchingSchema1732400000000];
