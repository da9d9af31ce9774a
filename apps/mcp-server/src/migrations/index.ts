import { CreateMcpSchema1732200000000 } from './1732200000000-create-mcp-schema.js';
import { CreateMcpRole1734000000000 } from './1734000000000-create-mcp-role.js';
import { CreateReadModel1735000000000 } from './1735000000000-create-read-model.js';
import { AskVocabulary1736000000000 } from './1736000000000-ask-vocabulary.js';
import { SharingWindow1736100000000 } from './1736100000000-sharing-window.js';
import { AskSummaries1736200000000 } from './1736200000000-ask-summaries.js';
import { ConnectorRevocations1736300000000 } from './1736300000000-connector-revocations.js';
import { PurchasesByConnectionAndTeam1736400000000 } from './1736400000000-purchases-by-connection-and-team.js';
import { DeletedConnections1736500000000 } from './1736500000000-deleted-connections.js';
import { CatalogChanges1736600000000 } from './1736600000000-catalog-changes.js';
import { CustomerOnRows1736700000000 } from './1736700000000-customer-on-rows.js';

export const migrations = [
  CreateMcpSchema1732200000000,
  CreateMcpRole1734000000000,
  CreateReadModel1735000000000,
  AskVocabulary1736000000000,
  SharingWindow1736100000000,
  AskSummaries1736200000000,
  ConnectorRevocations1736300000000,
  PurchasesByConnectionAndTeam1736400000000,
  DeletedConnections1736500000000,
  CatalogChanges1736600000000,
  CustomerOnRows1736700000000,
];
