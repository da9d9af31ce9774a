import { CollectionLastSuccess1738300000000 } from './1738300000000-collection-last-success.js';
import { CreateSyncSchema1732300000000 } from './1732300000000-create-sync-schema.js';
import { ConnectionsApiAndLinkTokens1732500000000 } from './1732500000000-connections-api-and-link-tokens.js';
import { LinkingAndCollection1733200000000 } from './1733200000000-linking-and-collection.js';
import { CreateSyncRole1734000000000 } from './1734000000000-create-sync-role.js';
import { IdempotentReplies1734600000000 } from './1734600000000-idempotent-replies.js';
import { PurchasePublication1734800000000 } from './1734800000000-purchase-publication.js';
import { PurchasesTeamDateIndex1735000000000 } from './1735000000000-purchases-team-date-index.js';
import { SharingPreferences1735100000000 } from './1735100000000-sharing-preferences.js';
import { RetailerAccountRefs1736200000000 } from './1736200000000-retailer-account-refs.js';
import { OutboxOrderingKey1737200000000 } from './1737200000000-outbox-ordering-key.js';
import { OverviewIndexes1739100000000 } from './1739100000000-overview-indexes.js';
import { PurchaseUnits1739200000000 } from './1739200000000-purchase-units.js';
import { OverviewRollup1739300000000 } from './1739300000000-overview-rollup.js';
import { PurchaseUnitsAtInsert1739400000000 } from './1739400000000-purchase-units-at-insert.js';
import { OverviewDayShards1739500000000 } from './1739500000000-overview-day-shards.js';

export const migrations = [
  CreateSyncSchema1732300000000,
  ConnectionsApiAndLinkTokens1732500000000,
  LinkingAndCollection1733200000000,
  CreateSyncRole1734000000000,
  IdempotentReplies1734600000000,
  PurchasePublication1734800000000,
  PurchasesTeamDateIndex1735000000000,
  SharingPreferences1735100000000,
  RetailerAccountRefs1736200000000,
  OutboxOrderingKey1737200000000,
  CollectionLastSuccess1738300000000,
  OverviewIndexes1739100000000,
  PurchaseUnits1739200000000,
  OverviewRollup1739300000000,
  PurchaseUnitsAtInsert1739400000000,
  OverviewDayShards1739500000000,
];
