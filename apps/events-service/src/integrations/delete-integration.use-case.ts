import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { Transactor } from '@cps/persistence';
import { integrationNotFound } from './integration-rules.js';
import { IntegrationRepository } from './integration.repository.js';

@Injectable()
export class DeleteIntegrationUseCase {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly transactor: Transactor,
  ) {}

  async execute(teamId: string, id: string): Promise<EventsContracts.DeletedIntegration> {
    if (!(await this.transactor.run((tx) => this.integrations.delete(tx, teamId, id)))) throw integrationNotFound(id);
    return { integration_id: id };
  }
}
