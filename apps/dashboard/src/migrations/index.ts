import { CreateDashboardSchema1735000000000 } from './1735000000000-create-dashboard-schema.js';
import { AuditLog1737600000000 } from './1737600000000-audit-log.js';
import { EventInbox1738200000000 } from './1738200000000-event-inbox.js';

export const migrations = [CreateDashboardSchema1735000000000, AuditLog1737600000000, EventInbox1738200000000];
