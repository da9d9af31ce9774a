import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { redirectUrisProblem } from '../redirect-uri-policy.js';
import { PartnerAppRepository, toTeamPartnerApp } from './partner-app.repository.js';

export interface PartnerAppUpdate {
  clientId: string;
  teamId: string;
  redirectUris: string[];
}

/**
 * A team replaces its own app's redirect URIs, by the rules they were registered with. Authorization requests are
 * matched against the stored list on every request, so the new list applies at once; codes already issued keep the
 * redirect URI they were issued for (the token request must repeat it).
 */
@Injectable()
export class UpdatePartnerAppUseCase {
  constructor(private readonly apps: PartnerAppRepository) {}

  async execute(update: PartnerAppUpdate): Promise<AuthContracts.TeamPartnerApp> {
    const problem = redirectUrisProblem(update.redirectUris);
    if (problem) throw new RpcRefusal(422, problem);
    const row = await this.apps.replaceRedirectUris(update.clientId, update.teamId, update.redirectUris);
    if (!row) throw new RpcRefusal(404, `partner app ${update.clientId} not found`);
    return toTeamPartnerApp(row);
  }
}
