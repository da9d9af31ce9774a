import { type EventsContracts } from '@cps/contracts';
import { type IntegrationSettingsForm } from './dto/integration.form.dto.js';

/** A number field: empty is left out, digits are a number, anything else goes as it is (events-service refuses it). */
function numberOf(value: string): number | undefined {
  if (value === '') return undefined;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : (value as unknown as number);
}

/** The settings of the form as events-service takes them; `editing` clears a start date left empty. */
export function integrationSettings(
  form: IntegrationSettingsForm,
  editing: boolean,
): EventsContracts.IntegrationFields {
  const pointsPerDollar = numberOf(form.points_per_dollar);
  const rewardOnLink = numberOf(form.reward_on_link);
  return {
    name: form.name,
    base_url: form.base_url,
    // Write-only: left out when empty, so an edit keeps the stored key.
    ...(form.api_key ? { api_key: form.api_key } : {}),
    triggers: form.triggers,
    is_active: form.is_active,
    receive_simulated_events: form.receive_simulated_events,
    ...(pointsPerDollar === undefined ? {} : { points_per_dollar: pointsPerDollar }),
    ...(rewardOnLink === undefined ? {} : { reward_on_link: rewardOnLink }),
    ...(form.start_date ? { start_date: form.start_date } : editing ? { start_date: null } : {}),
    customer_identifier: form.customer_identifier as EventsContracts.CustomerIdentifier,
  };
}
