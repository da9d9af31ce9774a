import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { DataSource } from 'typeorm';
import { select } from '../sql.js';
import { OWNER_VIEW_COLUMNS, type OwnerViewRow, toTeamPartnerApp } from './partner-app.repository.js';

/** The brand dashboard's lists of a team's own partner apps and of the apps installed on it (no secrets). */
@Controller()
export class TeamListingsHandler {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @RpcHandler(AuthContracts.listPartnerApps)
  async partnerApps(
    @RpcPayload(AuthContracts.listPartnerApps) request: RpcRequest<typeof AuthContracts.listPartnerApps>,
  ): Promise<AuthContracts.TeamPartnerAppList> {
    const rows = await select<OwnerViewRow>(
      this.db,
      `SELECT ${OWNER_VIEW_COLUMNS} FROM auth.partner_apps WHERE team_id = $1 ORDER BY created_at DESC, client_id`,
      [request.teamId],
    );
    return { partner_apps: rows.map(toTeamPartnerApp) };
  }

  @RpcHandler(AuthContracts.listInstallations)
  async installations(
    @RpcPayload(AuthContracts.listInstallations) request: RpcRequest<typeof AuthContracts.listInstallations>,
  ): Promise<AuthContracts.TeamInstallationList> {
    const rows = await select<{
      id: string;
      client_id: string;
      app_name: string;
      status: AuthContracts.InstallationStatus;
      scope: string;
      created_at: Date;
      updated_at: Date;
    }>(
      this.db,
      `SELECT i.id, i.client_id, a.name AS app_name, i.status, i.scope, i.created_at, i.updated_at
       FROM auth.installations i JOIN auth.partner_apps a ON a.client_id = i.client_id
       WHERE i.team_id = $1 ORDER BY i.created_at DESC, i.id`,
      [request.teamId],
    );
    return {
      installations: rows.map(({ id, created_at, updated_at, ...row }) => ({
        installation_id: id,
        ...row,
        created_at: created_at.toISOString(),
        updated_at: updated_at.toISOString(),
      })),
    };
  }
}
