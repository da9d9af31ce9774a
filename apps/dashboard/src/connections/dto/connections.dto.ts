import { IsString } from 'class-validator';
import { PagedQuery, Text } from '../../web/form-input.js';

/** The connections list's search and filters (a status the list does not know filters nothing). */
export class ConnectionFilterQuery extends PagedQuery {
  @Text({ cut: 200 }) q = '';
  @Text({ cut: 300 }) tag = '';
  @Text() status = '';
  @Text() retailer_id = '';
}

/** A route of one purchase of one connection. */
export class PurchasePath {
  @IsString() id = '';
  @IsString() purchaseId = '';
}
