import { Post, Res } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { type Response } from 'express';

import { DashboardPage, Posted } from '../web/form-input.js';
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
    await this.change(
      viewer,
      res,
      { done: '/connectors?notice=connector_disconnected', refusal: 'Connector not disconnected', status: 404 },
      () => this.rpc.request(AuthContracts.disconnectConnector, { clientId: form.client_id, teamId: viewer.teamId }),
    );
  }
}
