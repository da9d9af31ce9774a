import { IsString } from 'class-validator';
import { Text } from '../../web/form-input.js';

/** A new partner app: redirect URIs one a line (or comma-separated). */
export class CreatePartnerAppForm {
  @Text() name = '';
  @Text() redirect_uris = '';
  @Text() webhook_url = '';
}

/** The redirect URIs that replace an app's (shown again as typed when refused). */
export class RedirectUrisForm {
  @Text() redirect_uris = '';
}

/** A route of one partner app (or one installation of it). */
export class ClientIdPath {
  @IsString() clientId = '';
}
