import { Text } from '../../web/form-input.js';

/** The CSV as posted (its rows are read by the rules of `PUT /products`, spaces included). */
export class CatalogUploadForm {
  @Text({ trim: false }) csv = '';
}
