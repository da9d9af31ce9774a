import { type TeamRetailer } from '@cps/contracts';

/** A retailer's name by its id (the id itself for one the list does not hold). */
export function retailerNames(retailers: TeamRetailer[]): (id: string) => string {
  const names = new Map(retailers.map((retailer) => [retailer.retailer_id, retailer.name]));
  return (id) => names.get(id) ?? id;
}
