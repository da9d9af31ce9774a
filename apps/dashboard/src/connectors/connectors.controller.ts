import { Post, Res } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { type Response } from 'express';

import { DashboardPage, Posted } from '../web/form-input.js';
import { changeThenRedirect } from '../web/refusals.js';
import { TeamPage } from '../web/team-page.js';
import { connectorsPage } from './connectors.view.js';
import { ConnectorForm } from './dto/connector.form.dto.js';
import { ListConnectors } from './list-connectors.use-case.js';

/**
 * MCP connectors: the data-query clients a user of the team authorized (tied to this team at consent), with their
 * scopes, and a disconnect that revokes their refresh tokens (auth-server, `auth.disconnect-connector.v1`).
 */
@DashboardPage('connectors')
export class ConnectorsController extends TeamPage(ListConnectors, connectorsPage) {
  @Post('disconnect')
  async disconnect(@Posted({ form: ConnectorForm }) { viewer, form }: Posted<ConnectorForm>, @Res() res: Response) {
    await changeThenRedirect(
      res,
      () => this.rpc.request(AuthContracts.disconnectConnector, { clientId: form.client_id, teamId: viewer.teamId }),
      '/connectors?notice=connector_disconnected',
      (error) => this.refused(viewer, `Connector not disconnected: ${error}`),
      404,
    );
  }
}
