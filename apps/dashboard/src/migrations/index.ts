import { CreateDashboardSchema1735000000000 } from './1735000000000-create-dashboard-schema.js';

export const migrations = [CreateDashboardSchema1735000000000];
