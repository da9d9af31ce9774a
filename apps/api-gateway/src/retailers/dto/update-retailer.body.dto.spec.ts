import { toValidationErrors } from '../../http/validation-error.js';
import { updateRetailerBodySchema } from './update-retailer.body.dto.js';

function errors(body: unknown) {
  const result = updateRetailerBodySchema.safeParse(body);
  return result.success ? [] : toValidationErrors('body', result.error.issues, body);
}

describe('PATCH /retailers/{retailer_id} body', () => {
  it('accepts enabled', () => {
    expect(updateRetailerBodySchema.parse({ enabled: true })).toEqual({ enabled: true });
  });

  it('rejects an empty body', () => {
    expect(errors({})).toEqual([
      expect.objectContaining({
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, at least one field is required',
      }),
    ]);
  });

  it('reports an unknown field once, as extra_forbidden', () => {
    expect(errors({ colour: 'red' })).toEqual([
      { type: 'extra_forbidden', loc: ['body', 'colour'], msg: 'Extra inputs are not permitted', input: 'red' },
    ]);
  });

  it('rejects a non-boolean enabled', () => {
    expect(errors({ enabled: 'true' })).toEqual([
      expect.objectContaining({ type: 'bool_parsing', loc: ['body', 'enabled'] }),
    ]);
  });
});
