import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { IntegrationRepository } from './integration.repository.js';
import { toIntegration } from './integration-view.js';

@Injectable()
export class ListIntegrationsUseCase {
  constructor(private readonly integrations: IntegrationRepository) {}

  async execute(teamId: string): Promise<EventsContracts.IntegrationList> {
    return { integrations: (await this.integrations.list(teamId)).map(toIntegration) };
  }
}
