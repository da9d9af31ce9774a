import { type ArgumentMetadata } from '@nestjs/common';
import { SandboxError } from '../common/sandbox-error.js';
import { sandboxValidationPipe } from '../common/sandbox-validation.pipe.js';
import { ListOrdersQuery, SignInBody } from '../retailer-api/retailer-api.dto.js';
import { AddOrdersBody, CreateAccountBody, InjectFailureBody } from './admin.dto.js';

const strict = sandboxValidationPipe({ strict: true });
const lenient = sandboxValidationPipe({ strict: false });
const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

async function refusal(run: () => Promise<unknown>): Promise<SandboxError> {
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SandboxError)) throw new Error(`expected a SandboxError, got ${String(error)}`);
  return error;
}

describe('admin DTOs', () => {
  it('fills defaults and accepts what the admin API documents', async () => {
    await expect(
      strict.transform({ email: 'a@b.test', password: 'long enough' }, body(CreateAccountBody)),
    ).resolves.toEqual({ email: 'a@b.test', password: 'long enough', one_time_code: false });
    await expect(strict.transform({ kind: 'rate_limit' }, body(InjectFailureBody))).resolves.toMatchObject({
      kind: 'rate_limit',
      scope: 'all',
      delay_ms: 0,
    });
    const order = (await strict.transform(
      { lines: [{ name: 'x', upc: '036000291452', unit_price: '1.00', quantity: 2 }], shipping: '4.99' },
      body(AddOrdersBody),
    )) as AddOrdersBody;
    expect(order.lines?.[0]).toMatchObject({ name: 'x', brand: null, sku: null, upc: '036000291452' });
    await expect(strict.transform(undefined, body(AddOrdersBody))).resolves.toEqual({});
  });

  it.each([
    [CreateAccountBody, { email: 'not-an-email', password: 'long enough' }, 'email'],
    [CreateAccountBody, { email: 'a@b.test', password: 'short' }, 'password'],
    [CreateAccountBody, { email: 'a@b.test', password: 'long enough', one_time_code: '12' }, 'one_time_code'],
    [CreateAccountBody, { email: 'a@b.test', password: 'long enough', extra: 1 }, 'extra'],
    [AddOrdersBody, { lines: [{ name: 'x', upc: '037000878781', unit_price: '1.00', quantity: 1 }] }, 'upc'],
    [AddOrdersBody, { count: 2, lines: [{ name: 'x', unit_price: '1.00', quantity: 1 }] }, 'count'],
    [AddOrdersBody, { items: 21 }, 'items'],
    [AddOrdersBody, { ordered_at: '2026-01-01T00:00:00Z', back_date_days: 3 }, 'back_date_days'],
    [AddOrdersBody, { ordered_at: '2026-01-01' }, 'ordered_at'],
    [AddOrdersBody, { shipping: '4.99' }, 'shipping'],
    [AddOrdersBody, { lines: [{ name: 'x', unit_price: '1', quantity: 1 }] }, 'unit_price'],
    [InjectFailureBody, { kind: 'delay' }, 'delay_ms'],
    [InjectFailureBody, { kind: 'rate_limit', status: 503 }, 'status'],
  ] as const)('refuses %p %j with 422 naming %s', async (metatype, input, field) => {
    const error = await refusal(() => strict.transform(input, body(metatype)));
    expect(error).toMatchObject({ status: 422, code: 'invalid_request' });
    expect(error.detail).toContain(field);
  });

  it('drops unknown fields on the retailer API and coerces the query', async () => {
    await expect(
      lenient.transform({ email: 'a@b.test', password: 'x', remember: true }, body(SignInBody)),
    ).resolves.toEqual({ email: 'a@b.test', password: 'x' });
    await expect(lenient.transform({ limit: '5' }, { type: 'query', metatype: ListOrdersQuery })).resolves.toEqual({
      limit: 5,
    });
    await expect(lenient.transform({}, { type: 'query', metatype: ListOrdersQuery })).resolves.toEqual({ limit: 25 });
    expect(
      (await refusal(() => lenient.transform({ limit: '0' }, { type: 'query', metatype: ListOrdersQuery }))).status,
    ).toBe(422);
  });
});
