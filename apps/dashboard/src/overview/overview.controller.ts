import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { EventsContracts, SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { statusBadge } from '../connections/connections.controller.js';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { html, table } from '../web/html.js';
import { page } from '../web/layout.js';
import { purchasesChart } from './chart.js';

const HEALTH_SAMPLE = 50;

/** Succeeded, failed and pending entries of a sample (webhook deliveries, integration awards). */
function countByStatus(entries: Array<{ status: string }>): { succeeded: number; failed: number; pending: number } {
  const count = (status: string) => entries.filter((entry) => entry.status === status).length;
  return { succeeded: count('succeeded'), failed: count('failed'), pending: count('pending') };
}

/** Overview: connections by status, purchases per day over 90 days, webhook delivery and integrations health. */
@Controller()
@UseGuards(SignedIn)
export class OverviewController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async overview(@CurrentViewer() viewer: SignedInViewer, @Res() res: Response) {
    const [stats, { webhooks }, { integrations }] = await Promise.all([
      this.rpc.request(SyncContracts.teamStats, {
        teamId: viewer.teamId,
        days: 90,
        simulated: viewer.testMode ?? false,
      }),
      this.rpc.request(EventsContracts.listWebhooks, { teamId: viewer.teamId }),
      this.rpc.request(EventsContracts.listIntegrations, { teamId: viewer.teamId }),
    ]);
    const health = await Promise.all(
      webhooks.map(async (webhook) => {
        const { deliveries } = await this.rpc.request(EventsContracts.listDeliveries, {
          teamId: viewer.teamId,
          webhookId: webhook.webhook_id,
          limit: HEALTH_SAMPLE,
        });
        return { webhook, ...countByStatus(deliveries) };
      }),
    );
    const awardHealth = await Promise.all(
      integrations.map(async (integration) => {
        const { awards } = await this.rpc.request(EventsContracts.listIntegrationAwards, {
          teamId: viewer.teamId,
          integrationId: integration.integration_id,
          limit: HEALTH_SAMPLE,
        });
        return { integration, ...countByStatus(awards) };
      }),
    );
    res.type('html').send(
      page(
        viewer,
        { title: 'Overview', section: '/' },
        html`<h2>Connections by status</h2>
          <div class="grid">
            ${stats.connections.map(
              (entry) =>
                html`<div class="card">
                  <div class="stat">${entry.count}</div>
                  ${statusBadge(entry.status)}
                  <p><a href="/connections?status=${entry.status}">See ${entry.status} connections</a></p>
                </div>`,
            )}
          </div>
          <h2>Purchases per day, last 90 days</h2>
          <div class="card" id="purchases-chart">
            ${
              stats.purchases_per_day.some((day) => day.purchases > 0)
                ? purchasesChart(stats.purchases_per_day)
                : html`<p>
                    No purchases yet
                    ${
                      viewer.testMode
                        ? 'in test mode: the Simulator makes some.'
                        : 'from real shoppers. Simulated data is in test mode.'
                    }
                  </p>`
            }
          </div>
          <h2>Webhook delivery health</h2>
          ${
            health.length === 0
              ? html`<p class="card">No webhook destinations yet. <a href="/developers">Add one</a>.</p>`
              : html`<div class="card">
                  ${table(
                    ['Destination', 'Active', 'Succeeded', 'Failed', 'Pending'],
                    health.map((entry) => [
                      html`<a href="/developers/webhooks/${entry.webhook.webhook_id}"
                        >${entry.webhook.name || entry.webhook.url}</a
                      >`,
                      entry.webhook.is_active ? 'yes' : 'no',
                      entry.succeeded,
                      entry.failed,
                      entry.pending,
                    ]),
                    `The last ${HEALTH_SAMPLE} deliveries of each destination`,
                  )}
                </div>`
          }
          <h2>Integrations health</h2>
          ${
            awardHealth.length === 0
              ? html`<p class="card">No loyalty or marketing integrations yet. <a href="/integrations">Add one</a>.</p>`
              : html`<div class="card" id="integrations-health">
                  ${table(
                    ['Integration', 'Active', 'Succeeded', 'Failed', 'Pending'],
                    awardHealth.map((entry) => [
                      html`<a href="/integrations/${entry.integration.integration_id}"
                        >${entry.integration.name || entry.integration.integration_id}</a
                      >`,
                      entry.integration.is_active ? 'yes' : 'no',
                      entry.succeeded,
                      entry.failed,
                      entry.pending,
                    ]),
                    `The last ${HEALTH_SAMPLE} awards of each integration`,
                  )}
                </div>`
          }`,
      ),
    );
  }
}
