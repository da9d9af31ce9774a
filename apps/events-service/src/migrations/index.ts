import { CreateEventsSchema1732300000000 } from './1732300000000-create-events-schema.js';

export const migrations = [CreateEventsSchema1732300000000];
