/** A request's customer fields (`customer_id`, `email`, `mobile`) as the connection and link use cases take them. */
export function customerContact<R extends { customer_id?: unknown; email?: unknown; mobile?: unknown }>(
  request: R,
): { customerId: R['customer_id']; email: R['email']; mobile: R['mobile'] } {
  return { customerId: request.customer_id, email: request.email, mobile: request.mobile };
}
