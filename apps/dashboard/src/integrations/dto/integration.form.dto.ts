import { EventsContracts } from '@cps/contracts';
import { Choices, PagedQuery, Text, Ticked } from '../../web/form-input.js';

/**
 * The settings a team sets (events-service checks kind x adapter and what each adapter needs, and refuses a value
 * it does not take with its message).
 */
export class IntegrationSettingsForm {
  @Text() name = '';
  @Text() base_url = '';
  /** Write-only, as typed. */
  @Text({ trim: false }) api_key = '';
  @Choices(EventsContracts.INTEGRATION_TRIGGERS) triggers: EventsContracts.IntegrationTrigger[] = [];
  @Ticked() is_active = false;
  @Ticked() receive_simulated_events = false;
  @Text() points_per_dollar = '';
  @Text() reward_on_link = '';
  @Text() start_date = '';
  @Text() customer_identifier = '';
}

export class CreateIntegrationForm extends IntegrationSettingsForm {
  @Text() kind = '';
  @Text() adapter = '';
}

/** An integration's page: a page of its award ledger. */
export class AwardsQuery extends PagedQuery {}
