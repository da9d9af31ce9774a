import { CreateMatchingSchema1732400000000 } from './1732400000000-create-matching-schema.js';
import { CreateMatchingRole1734000000000 } from './1734000000000-create-matching-role.js';

export const migrations = [CreateMatchingSchema1732400000000, CreateMatchingRole1734000000000];
