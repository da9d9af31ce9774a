import { Text } from '../../web/form-input.js';

export class EnabledForm {
  /** 'true' enables; anything else disables. */
  @Text() enabled = '';
}

export class LinkSettingsForm {
  /** An unknown value goes to sync-service as it is and is refused there with the API's message. */
  @Text() link_visibility = '';
  /** Lines or commas. */
  @Text() allowed_emails = '';
  @Text() allowed_domains = '';
}
