import { Text } from '../../web/form-input.js';

/** The client id travels in the form: a metadata-document client's id is a URL. */
export class ConnectorForm {
  @Text() client_id = '';
}
