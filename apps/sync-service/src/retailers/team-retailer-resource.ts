import { type TeamRetailer } from '@cps/contracts';
import { type TeamRetailerView } from './team-retailer.repository.js';

/** The contract shape; link fields are null while the retailer is not enabled for the team. */
export function toTeamRetailer({ retailer, configuration }: TeamRetailerView): TeamRetailer {
  return {
    retailer_id: retailer.id,
    name: retailer.name,
    status: retailer.status,
    enabled: configuration !== null,
    link_id: configuration?.linkId ?? null,
    link_visibility: configuration?.linkVisibility ?? null,
    link_audience: configuration
      ? { allowed_emails: configuration.allowedEmails, allowed_domains: configuration.allowedDomains }
      : null,
  };
}
