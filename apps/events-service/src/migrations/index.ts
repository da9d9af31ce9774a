import { CreateEventsSchema1732300000000 } from './1732300000000-create-events-schema.js';
import { CreateAdOptOuts1732500000000 } from './1732500000000-create-ad-opt-outs.js';

export const migrations = [CreateEventsSchema1732300000000, CreateAdOptOuts1732500000000];
