import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The team (and scope) chosen at consent, keyed by oidc-provider's grant id, which the code carries. */
@Injectable()
export class GrantTeamRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(entry: {
    grantId: string;
    clientId: string;
    teamId: string;
    userId: string;
    scope: string;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO auth.grant_teams (grant_id, client_id, team_id, user_id, scope) VALUES ($1, $2, $3, $4, $5)`,
      [entry.grantId, entry.clientId, entry.teamId, entry.userId, entry.scope],
    );
  }
}
