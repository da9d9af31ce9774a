import { Injectable } from '@nestjs/common';
import { EventsContracts, MatchingContracts, SyncContracts, type Webhook } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type OverviewRange } from './overview-range.js';

const HEALTH_SAMPLE = 50;
const TOP_PRODUCTS = 10;

/** Succeeded, failed and pending entries of a sample (webhook deliveries, integration awards). */
export interface HealthCounts {
  succeeded: number;
  failed: number;
  pending: number;
}

/** Each item with the last entries `sample` reads of it, counted by status. */
function health<T>(items: T[], sample: (item: T) => Promise<Array<{ status: string }>>) {
  return Promise.all(
    items.map(async (item) => {
      const entries = await sample(item);
      const count = (status: string) => entries.filter((entry) => entry.status === status).length;
      return { item, succeeded: count('succeeded'), failed: count('failed'), pending: count('pending') };
    }),
  );
}

export interface OverviewView {
  overview: SyncContracts.TeamOverview;
  /** Null when matching-service did not answer (the rest of the page still does). */
  products: MatchingContracts.TeamTopProducts['products'] | null;
  topProducts: number;
  stats: SyncContracts.TeamStats;
  /** Each destination's and integration's last HEALTH_SAMPLE deliveries or awards, counted by status. */
  healthSample: number;
  webhookHealth: Array<{ item: Webhook } & HealthCounts>;
  integrationHealth: Array<{ item: EventsContracts.Integration } & HealthCounts>;
}

/**
 * The overview of one mode (live or test) over a date range: sync-service's `sync.team-overview.v1` and
 * matching-service's `matching.team-top-products.v1` (aggregated in Postgres), connections by status, and the
 * health of the webhook destinations and integrations.
 */
@Injectable()
export class ShowOverview {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, simulated: boolean, range: OverviewRange): Promise<OverviewView> {
    const [overview, products, stats, { webhooks }, { integrations }] = await Promise.all([
      this.rpc.request(SyncContracts.teamOverview, { teamId, from: range.from, to: range.to, simulated }),
      this.rpc
        .request(MatchingContracts.teamTopProducts, {
          teamId,
          from: range.from,
          to: range.to,
          simulated,
          limit: TOP_PRODUCTS,
        })
        // The catalog's figures are matching-service's: without it the rest of the page still answers.
        .then(
          ({ products }) => products,
          () => null,
        ),
      this.rpc.request(SyncContracts.teamStats, { teamId, days: 1, simulated }),
      this.rpc.request(EventsContracts.listWebhooks, { teamId }),
      this.rpc.request(EventsContracts.listIntegrations, { teamId }),
    ]);
    const limit = HEALTH_SAMPLE;
    const webhookHealth = await health(webhooks, async ({ webhook_id }) => {
      const { deliveries } = await this.rpc.request(EventsContracts.listDeliveries, {
        teamId,
        webhookId: webhook_id,
        limit,
      });
      return deliveries;
    });
    const integrationHealth = await health(integrations, async ({ integration_id }) => {
      const ref = { teamId, integrationId: integration_id, limit };
      return (await this.rpc.request(EventsContracts.listIntegrationAwards, ref)).awards;
    });
    return {
      overview,
      products,
      topProducts: TOP_PRODUCTS,
      stats,
      healthSample: HEALTH_SAMPLE,
      webhookHealth,
      integrationHealth,
    };
  }
}
