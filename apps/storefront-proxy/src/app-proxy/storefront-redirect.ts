import { UnprocessableEntityException } from '@nestjs/common';
import { checkStorefrontRedirect } from '@cps/domain';
import { type Shop } from '../shops/shop.js';

/** The storefront URL a shopper returns to, or a 422 naming the field (`field`, as a validation error locates it). */
export const redirectOrRefuse = (shop: Shop, raw: string | undefined, field: string[]) => {
  const checked = checkStorefrontRedirect(raw, shop.storefrontUrl);
  if (!checked.ok) {
    throw new UnprocessableEntityException({
      detail: [{ type: 'value_error', loc: field, msg: checked.reason, input: raw }],
    });
  }
  return checked.url;
};
