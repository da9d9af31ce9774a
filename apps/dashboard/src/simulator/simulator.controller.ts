import { Post, Res } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { type Response } from 'express';
import { DashboardPage, Posted } from '../web/form-input.js';
import { TeamPage } from '../web/team-page.js';
import { SimulatedConnectionForm, SimulatedStatusForm } from './dto/simulator.form.dto.js';
import { ShowSimulator } from './show-simulator.use-case.js';
import { simulatorPage } from './simulator.view.js';

/** The Simulator: simulated connections and purchases through sync-service's simulator contracts. */
@DashboardPage('simulator')
export class SimulatorController extends TeamPage(ShowSimulator, simulatorPage) {
  @Post('connections')
  async create(
    @Posted({ form: SimulatedConnectionForm }) { viewer, form }: Posted<SimulatedConnectionForm>,
    @Res() res: Response,
  ) {
    await this.change(viewer, res, { done: '/simulator?notice=simulated_created' }, () =>
      this.rpc.request(SyncContracts.createSimulatedConnection, {
        teamId: viewer.teamId,
        actor: viewer.actor,
        retailer_id: form.retailer_id,
        ...(form.customer_id ? { customer_id: form.customer_id } : {}),
        ...(form.email ? { email: form.email } : {}),
        include_purchases: form.include_purchases,
      }),
    );
  }

  @Post('connections/:id/purchases')
  async purchase(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    await this.change(viewer, res, { done: '/simulator?notice=simulated_purchase' }, () =>
      this.rpc.request(SyncContracts.createSimulatedPurchase, { teamId: viewer.teamId, connectionId: id }),
    );
  }

  @Post('connections/:id/status')
  async status(
    @Posted({ form: SimulatedStatusForm }) { viewer, id, form }: Posted<SimulatedStatusForm>,
    @Res() res: Response,
  ) {
    await this.change(viewer, res, { done: '/simulator?notice=simulated_status' }, () =>
      this.rpc.request(SyncContracts.updateSimulatedConnection, {
        teamId: viewer.teamId,
        connectionId: id,
        actor: viewer.actor,
        status: form.status,
      }),
    );
  }

  @Post('connections/:id/delete')
  async remove(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    await this.change(viewer, res, { done: '/simulator?notice=simulated_deleted' }, () =>
      this.rpc.request(SyncContracts.deleteSimulatedConnection, {
        teamId: viewer.teamId,
        connectionId: id,
        actor: viewer.actor,
      }),
    );
  }
}
