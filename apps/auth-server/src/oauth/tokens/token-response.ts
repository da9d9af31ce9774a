/** The seed's token response table, plus `service_client_id`. Field names are a public contract. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  refresh_token_expires_in: number;
  scope: string;
  service_client_id: string;
}
