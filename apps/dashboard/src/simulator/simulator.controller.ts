import { Body, Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { SyncContracts, type Connection } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { retailerNames, statusBadge } from '../connections/connections.controller.js';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { field, notice, when, type Form } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';

/** The Simulator: simulated connections and purchases through sync-service's simulator contracts. */
@Controller('simulator')
@UseGuards(SignedIn)
export class SimulatorController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async overview(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.render(viewer, notice(query), null));
  }

  @Post('connections')
  async create(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const customer = field(form, 'customer_id');
    const email = field(form, 'email');
    await this.change(viewer, res, 'simulated_created', () =>
      this.rpc.request(SyncContracts.createSimulatedConnection, {
        teamId: viewer.teamId,
        actor: viewer.actor,
        retailer_id: field(form, 'retailer_id'),
        ...(customer ? { customer_id: customer } : {}),
        ...(email ? { email } : {}),
        include_purchases: form?.include_purchases !== undefined,
      }),
    );
  }

  @Post('connections/:id/purchases')
  async purchase(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    await this.change(viewer, res, 'simulated_purchase', () =>
      this.rpc.request(SyncContracts.createSimulatedPurchase, { teamId: viewer.teamId, connectionId: id }),
    );
  }

  @Post('connections/:id/status')
  async status(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    const status = field(form, 'status') === 'unauthenticated' ? 'unauthenticated' : 'active';
    await this.change(viewer, res, 'simulated_status', () =>
      this.rpc.request(SyncContracts.updateSimulatedConnection, {
        teamId: viewer.teamId,
        connectionId: id,
        actor: viewer.actor,
        status,
      }),
    );
  }

  @Post('connections/:id/delete')
  async remove(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    await this.change(viewer, res, 'simulated_deleted', () =>
      this.rpc.request(SyncContracts.deleteSimulatedConnection, {
        teamId: viewer.teamId,
        connectionId: id,
        actor: viewer.actor,
      }),
    );
  }

  private async change(
    viewer: SignedInViewer,
    res: Response,
    done: string,
    run: () => Promise<unknown>,
  ): Promise<void> {
    const result = await attempt(run);
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, null, result.error));
      return;
    }
    res.redirect(303, `/simulator?notice=${done}`);
  }

  private async render(viewer: SignedInViewer, noticeText: string | null, error: string | null): Promise<string> {
    const [{ retailers }, { connections }] = await Promise.all([
      this.rpc.request(SyncContracts.listRetailers, { teamId: viewer.teamId, include: 'enabled' }),
      this.rpc.request(SyncContracts.listConnections, { teamId: viewer.teamId, limit: 100 }),
    ]);
    const simulated = connections.filter((connection) => connection.is_simulated);
    const name = retailerNames(retailers);
    return page(
      viewer,
      { title: 'Simulator', section: '/simulator', notice: noticeText, error },
      html`<p>
          Simulated connections and purchases behave like real ones (webhooks carry <code>is_simulated</code>) and are
          purged after a while.
        </p>
        <form method="post" action="/simulator/connections" class="card">
          ${csrfField(viewer)}
          <h2>New simulated connection</h2>
          ${
            retailers.length === 0
              ? html`<p>Enable a retailer first (Retailers page).</p>`
              : html`<label for="sim-retailer">Retailer</label
                  ><select id="sim-retailer" name="retailer_id">
                    ${retailers.map(
                      (retailer) => html`<option value="${retailer.retailer_id}">${retailer.name}</option>`,
                    )}
                  </select>
                  <label for="sim-customer">Customer id (optional)</label
                  ><input id="sim-customer" name="customer_id" type="text" maxlength="64" />
                  <label for="sim-email">Email (optional)</label
                  ><input id="sim-email" name="email" type="email" maxlength="254" />
                  <p>
                    <label class="check"
                      ><input type="checkbox" name="include_purchases" value="1" checked /> With a purchase
                      history</label
                    >
                  </p>
                  <button type="submit">Create simulated connection</button>`
          }
        </form>
        <h2>Simulated connections</h2>
        ${
          simulated.length === 0
            ? html`<p class="card">None yet.</p>`
            : html`<div class="card">
                ${table(
                  ['Customer', 'Retailer', 'Status', 'Created', 'Actions'],
                  simulated.map((connection) => [
                    html`<a href="/connections/${connection.connection_id}">${connection.customer_id}</a>`,
                    name(connection.retailer_id),
                    statusBadge(connection.status),
                    when(connection.created_at),
                    this.actions(viewer, connection),
                  ]),
                  undefined,
                  'simulated-connections',
                )}
              </div>`
        }`,
    );
  }

  private actions(viewer: SignedInViewer, connection: Connection) {
    const id = connection.connection_id;
    const open = connection.status === 'active' || connection.status === 'unauthenticated';
    const next = connection.status === 'active' ? 'unauthenticated' : 'active';
    return html`<div class="actions">
      ${
        open
          ? html`<form method="post" action="/simulator/connections/${id}/purchases">
                ${csrfField(viewer)}<button type="submit" class="secondary">Add purchase</button>
              </form>
              <form method="post" action="/simulator/connections/${id}/status">
                ${csrfField(viewer)}<input type="hidden" name="status" value="${next}" /><button
                  type="submit"
                  class="secondary"
                >
                  Make ${next}
                </button>
              </form>`
          : ''
      }
      <form
        method="post"
        action="/simulator/connections/${id}/delete"
        data-confirm="Delete this simulated connection and its purchases?"
      >
        ${csrfField(viewer)}<button type="submit" class="danger">Delete</button>
      </form>
    </div>`;
  }
}
