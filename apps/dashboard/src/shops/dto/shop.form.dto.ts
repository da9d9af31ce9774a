import { Text } from '../../web/form-input.js';

export class ShopForm {
  @Text() shop = '';
}
