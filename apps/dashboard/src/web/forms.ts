/** Short dates for tables, in UTC so every reader sees the same. */
export function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '';
}

/** Fixed notices after a change (PRG redirects carry the code, never free text). */
export const NOTICES: Record<string, string> = {
  disconnected: 'The connection was disconnected.',
  revoked: 'The API key was revoked.',
  key_rolled: 'A new key was made: the old one keeps working for 24 hours, then expires.',
  webhook_created: 'The webhook destination was created.',
  webhook_deleted: 'The webhook destination was deleted.',
  retried: 'The delivery was sent again.',
  webhook_saved: 'The webhook was saved.',
  retailer_saved: 'The retailer was saved.',
  simulated_created: 'The simulated connection was created.',
  simulated_purchase: 'A simulated purchase was added.',
  simulated_status: 'The simulated connection’s status was changed.',
  simulated_deleted: 'The simulated connection was deleted.',
  branding_saved: 'The branding was saved: the link pages show it now.',
  sharing_saved: 'The sharing settings were saved.',
  integration_saved: 'The integration was saved: new settings apply to events from now on.',
  integration_deleted: 'The integration was deleted with its ledger.',
  role_changed: 'The role was changed: it applies from their next page.',
  member_removed: 'The member was removed from the team.',
  password_changed: 'Your password was changed.',
  installation_disconnected: 'The app was disconnected: its tokens are refused from now on.',
  redirect_uris_saved: 'The redirect URIs were saved: authorization requests are checked against them from now on.',
  connector_disconnected: 'The connector was disconnected: its refresh token is refused from now on.',
  shop_disconnected: 'The shop was disconnected: its storefront block answers “not found” until it is linked again.',
};
