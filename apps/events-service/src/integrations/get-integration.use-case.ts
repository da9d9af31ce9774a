import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { integrationNotFound } from './integration-rules.js';
import { IntegrationRepository } from './integration.repository.js';
import { toIntegration } from './integration-view.js';

@Injectable()
export class GetIntegrationUseCase {
  constructor(private readonly integrations: IntegrationRepository) {}

  async execute(teamId: string, id: string): Promise<EventsContracts.Integration> {
    const row = await this.integrations.find(teamId, id);
    if (!row) throw integrationNotFound(id);
    return toIntegration(row);
  }
}
