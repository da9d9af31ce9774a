import { z } from 'zod';
import { queryInteger } from './query-schemas.js';
import {
  describeChoices,
  RequestValidationException,
  toValidationErrors,
  validateRequestPart,
  type RequestPart,
  type ValidationErrorEntry,
} from './validation-error.js';

function errorsOf(schema: z.ZodType, input: unknown, part: RequestPart = 'body'): ValidationErrorEntry[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return toValidationErrors(part, result.error.issues, input);
}

describe('toValidationErrors', () => {
  const cases: Array<[string, z.ZodType, unknown, ValidationErrorEntry[], RequestPart?]> = [
    [
      'missing field',
      z.object({ url: z.string() }),
      {},
      [{ type: 'missing', loc: ['body', 'url'], msg: 'Field required' }],
    ],
    [
      'missing body',
      z.object({ url: z.string() }),
      undefined,
      [{ type: 'missing', loc: ['body'], msg: 'Field required' }],
    ],
    [
      'body that is not an object',
      z.object({ url: z.string() }),
      [1],
      [
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: [1],
        },
      ],
    ],
    [
      'string_type',
      z.object({ name: z.string() }),
      { name: 5 },
      [{ type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: 5 }],
    ],
    [
      'string_too_short',
      z.object({ customer_id: z.string().min(1) }),
      { customer_id: '' },
      [
        {
          type: 'string_too_short',
          loc: ['body', 'customer_id'],
          msg: 'String should have at least 1 character',
          input: '',
          ctx: { min_length: 1 },
        },
      ],
    ],
    [
      'string_too_long',
      z.object({ mobile: z.string().max(16) }),
      { mobile: '12345678901234567' },
      [
        {
          type: 'string_too_long',
          loc: ['body', 'mobile'],
          msg: 'String should have at most 16 characters',
          input: '12345678901234567',
          ctx: { max_length: 16 },
        },
      ],
    ],
    [
      'int_parsing (query string)',
      z.object({ limit: queryInteger({ min: 1, max: 50 }) }),
      { limit: 'ten' },
      [
        {
          type: 'int_parsing',
          loc: ['query', 'limit'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: 'ten',
        },
      ],
      'query',
    ],
    [
      'less_than_equal (query string)',
      z.object({ limit: queryInteger({ min: 1, max: 50 }) }),
      { limit: '51' },
      [
        {
          type: 'less_than_equal',
          loc: ['query', 'limit'],
          msg: 'Input should be less than or equal to 50',
          input: '51',
          ctx: { le: 50 },
        },
      ],
      'query',
    ],
    [
      'greater_than_equal',
      z.object({ days: z.int().min(1) }),
      { days: 0 },
      [
        {
          type: 'greater_than_equal',
          loc: ['body', 'days'],
          msg: 'Input should be greater than or equal to 1',
          input: 0,
          ctx: { ge: 1 },
        },
      ],
    ],
    [
      'greater_than (exclusive)',
      z.object({ rate: z.number().positive() }),
      { rate: 0 },
      [
        {
          type: 'greater_than',
          loc: ['body', 'rate'],
          msg: 'Input should be greater than 0',
          input: 0,
          ctx: { gt: 0 },
        },
      ],
    ],
    [
      'int_from_float',
      z.object({ days: z.int() }),
      { days: 1.5 },
      [
        {
          type: 'int_from_float',
          loc: ['body', 'days'],
          msg: 'Input should be a valid integer, got a number with a fractional part',
          input: 1.5,
        },
      ],
    ],
    [
      'bool_type',
      z.object({ enabled: z.boolean() }),
      { enabled: 1 },
      [{ type: 'bool_type', loc: ['body', 'enabled'], msg: 'Input should be a valid boolean', input: 1 }],
    ],
    [
      'bool_parsing',
      z.object({ enabled: z.boolean() }),
      { enabled: 'yes' },
      [
        {
          type: 'bool_parsing',
          loc: ['body', 'enabled'],
          msg: 'Input should be a valid boolean, unable to interpret input',
          input: 'yes',
        },
      ],
    ],
    [
      'enum',
      z.object({ include: z.enum(['enabled', 'all']) }),
      { include: 'some' },
      [
        {
          type: 'enum',
          loc: ['query', 'include'],
          msg: "Input should be 'enabled' or 'all'",
          input: 'some',
          ctx: { expected: "'enabled' or 'all'" },
        },
      ],
      'query',
    ],
    [
      'literal_error',
      z.object({ scope: z.literal('access') }),
      { scope: 'admin' },
      [
        {
          type: 'literal_error',
          loc: ['body', 'scope'],
          msg: "Input should be 'access'",
          input: 'admin',
          ctx: { expected: "'access'" },
        },
      ],
    ],
    [
      'extra_forbidden, one entry per key',
      z.object({ enabled: z.boolean().optional() }).strict(),
      { colour: 'red', size: 2 },
      [
        { type: 'extra_forbidden', loc: ['body', 'colour'], msg: 'Extra inputs are not permitted', input: 'red' },
        { type: 'extra_forbidden', loc: ['body', 'size'], msg: 'Extra inputs are not permitted', input: 2 },
      ],
    ],
    [
      'list too_short',
      z.object({ event_types: z.array(z.string()).min(1) }),
      { event_types: [] },
      [
        {
          type: 'too_short',
          loc: ['body', 'event_types'],
          msg: 'List should have at least 1 item after validation, not 0',
          input: [],
          ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
        },
      ],
    ],
    [
      'list item with its index in loc',
      z.object({ event_types: z.array(z.enum(['purchase.created', 'connection.activated'])) }),
      { event_types: ['purchase.created', 'nope'] },
      [
        {
          type: 'enum',
          loc: ['body', 'event_types', 1],
          msg: "Input should be 'purchase.created' or 'connection.activated'",
          input: 'nope',
          ctx: { expected: "'purchase.created' or 'connection.activated'" },
        },
      ],
    ],
    [
      'list_type',
      z.object({ event_types: z.array(z.string()) }),
      { event_types: 'purchase.created' },
      [
        {
          type: 'list_type',
          loc: ['body', 'event_types'],
          msg: 'Input should be a valid list',
          input: 'purchase.created',
        },
      ],
    ],
    [
      'url_parsing',
      z.object({ url: z.url({ protocol: /^https?$/ }) }),
      { url: 'not a url' },
      [
        {
          type: 'url_parsing',
          loc: ['body', 'url'],
          msg: 'Input should be a valid URL',
          input: 'not a url',
          ctx: { error: 'invalid URL' },
        },
      ],
    ],
    [
      'url_scheme',
      z.object({ url: z.url({ protocol: /^https?$/ }) }),
      { url: 'ftp://example.com/x' },
      [
        {
          type: 'url_scheme',
          loc: ['body', 'url'],
          msg: "URL scheme should be 'http' or 'https'",
          input: 'ftp://example.com/x',
          ctx: { expected_schemes: "'http' or 'https'" },
        },
      ],
    ],
    [
      'email value_error',
      z.object({ email: z.email() }),
      { email: 'nobody' },
      [
        {
          type: 'value_error',
          loc: ['body', 'email'],
          msg: 'value is not a valid email address',
          input: 'nobody',
          ctx: { reason: 'invalid email format' },
        },
      ],
    ],
    [
      'string_pattern_mismatch',
      z.object({ id: z.string().regex(/^[a-z]+$/) }),
      { id: 'A1' },
      [
        {
          type: 'string_pattern_mismatch',
          loc: ['body', 'id'],
          msg: "String should match pattern '^[a-z]+$'",
          input: 'A1',
          ctx: { pattern: '^[a-z]+$' },
        },
      ],
    ],
    [
      'custom refinement -> value_error',
      z.object({ a: z.string().optional() }).refine((body) => Object.keys(body).length > 0, 'at least one field'),
      {},
      [
        {
          type: 'value_error',
          loc: ['body'],
          msg: 'Value error, at least one field',
          input: {},
          ctx: { error: 'at least one field' },
        },
      ],
    ],
    [
      'custom refinement naming its type',
      z
        .string()
        .refine(() => false, { message: 'needs an audience', params: { type: 'missing_audience', ctx: { n: 1 } } }),
      'x',
      [{ type: 'missing_audience', loc: ['body'], msg: 'needs an audience', input: 'x', ctx: { n: 1 } }],
    ],
    [
      'record key too long',
      z.object({ tags: z.record(z.string().max(2), z.string()) }),
      { tags: { abc: 'v' } },
      [
        {
          type: 'string_too_long',
          loc: ['body', 'tags', 'abc'],
          msg: 'String should have at most 2 characters',
          input: 'v',
          ctx: { max_length: 2 },
        },
      ],
    ],
    [
      'several issues, in order',
      z.object({ url: z.string(), name: z.string().max(3) }).strict(),
      { name: 'long', x: 1 },
      [
        { type: 'missing', loc: ['body', 'url'], msg: 'Field required' },
        {
          type: 'string_too_long',
          loc: ['body', 'name'],
          msg: 'String should have at most 3 characters',
          input: 'long',
          ctx: { max_length: 3 },
        },
        { type: 'extra_forbidden', loc: ['body', 'x'], msg: 'Extra inputs are not permitted', input: 1 },
      ],
    ],
  ];

  // Objects, not rows: jest passes a `done` callback in place of a missing trailing argument.
  it.each(cases.map(([name, schema, input, expected, part]) => ({ name, schema, input, expected, part })))(
    '$name',
    ({ schema, input, expected, part }) => {
      expect(errorsOf(schema, input, part ?? 'body')).toEqual(expected);
    },
  );

  it('never reports a value the client did not send as input', () => {
    const [entry] = errorsOf(z.object({ n: z.coerce.number() }), { n: 'abc' });
    expect(entry).toMatchObject({ type: 'float_parsing', input: 'abc' });
  });
});

describe('describeChoices', () => {
  it.each([
    [['a'], "'a'"],
    [['a', 'b'], "'a' or 'b'"],
    [['a', 'b', 'c'], "'a', 'b' or 'c'"],
    [[1, true], '1 or true'],
  ])('%j -> %s', (values, expected) => {
    expect(describeChoices(values)).toBe(expected);
  });
});

describe('validateRequestPart', () => {
  it('returns the parsed value', () => {
    expect(
      validateRequestPart(z.object({ include: z.enum(['enabled', 'all']).default('enabled') }), 'query', {}),
    ).toEqual({ include: 'enabled' });
  });

  it('throws a 422 whose body is the HTTPValidationError', () => {
    try {
      validateRequestPart(z.object({ include: z.enum(['enabled', 'all']) }), 'query', { include: 'x' });
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(RequestValidationException);
      const exception = error as RequestValidationException;
      expect(exception.getStatus()).toBe(422);
      expect(exception.getResponse()).toEqual({
        detail: [expect.objectContaining({ loc: ['query', 'include'], type: 'enum' })],
      });
    }
  });
});
