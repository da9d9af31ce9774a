import 'reflect-metadata';
import { type ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsOmittable, IsOneOf, IsStringRecord } from '@cps/contracts';
import { Refine } from './body-rules.js';
import { IsHttpUrl, IsWebEmail, QueryInteger } from './field-rules.js';
import { GatewayValidationPipe } from './validation.pipe.js';
import {
  describeChoices,
  RequestValidationException,
  type RequestPart,
  type ValidationErrorEntry,
} from './validation-error.js';

const pipe = new GatewayValidationPipe();
const TYPES: Record<RequestPart, ArgumentMetadata['type']> = {
  body: 'body',
  query: 'query',
  path: 'param',
  header: 'custom',
};

async function validate(metatype: new () => object, input: unknown, part: RequestPart = 'body'): Promise<unknown> {
  const data = part === 'header' ? 'request-headers' : undefined;
  return pipe.transform(input, { type: TYPES[part], metatype, data });
}

async function errorsOf(metatype: new () => object, input: unknown, part: RequestPart = 'body') {
  try {
    await validate(metatype, input, part);
  } catch (error) {
    if (error instanceof RequestValidationException) return error.entries;
    throw error;
  }
  throw new Error('expected a validation failure');
}

class Url {
  @IsString() url!: string;
}
class Named {
  @IsString() name!: string;
}
class CustomerId {
  @IsString() @MinLength(1) customer_id!: string;
}
class Mobile {
  @IsString() @MaxLength(16) mobile!: string;
}
class Limit {
  @QueryInteger() @IsInt() @Min(1) @Max(50) limit!: number;
}
class Days {
  @IsInt() @Min(1) days!: number;
}
class Enabled {
  @IsBoolean() enabled!: boolean;
}
class Include {
  @IsOneOf(['enabled', 'all']) include: 'enabled' | 'all' = 'enabled';
}
class Scope {
  @Equals('access') scope!: 'access';
}
class OptionalEnabled {
  @IsOmittable() @IsBoolean() enabled?: boolean;
}
class EventTypes {
  @IsArray()
  @ArrayMinSize(1)
  @IsOneOf(['purchase.created', 'connection.activated'], { each: true })
  event_types!: string[];
}
class HttpUrl {
  @IsHttpUrl() url!: string;
}
class Email {
  @IsWebEmail() email!: string;
}
class Slug {
  @Matches(/^[a-z]+$/) id!: string;
}
class Rate {
  @IsNumber() rate!: number;
}
@Refine<AtLeastOne>({ check: (body) => Object.keys(body).length > 0, message: 'at least one field' })
class AtLeastOne {
  @IsOmittable() @IsString() a?: string;
}
@Refine<Audience>({ check: () => false, message: 'needs an audience', type: 'missing_audience', ctx: { n: 1 } })
class Audience {
  @IsOmittable() @IsString() a?: string;
}
class Tags {
  @IsStringRecord({ maxKeys: 2, maxKeyLength: 2, maxValueLength: 3 }) tags!: Record<string, string>;
}
class Several {
  @IsString() url!: string;
  @IsString() @MaxLength(3) name!: string;
}
class Inner {
  @IsString() @MaxLength(2) code!: string;
}
class Outer {
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

describe('the validation pipe and its HTTPValidationError entries', () => {
  const cases: Array<[string, new () => object, unknown, ValidationErrorEntry[], RequestPart?]> = [
    ['missing field', Url, {}, [{ type: 'missing', loc: ['body', 'url'], msg: 'Field required' }]],
    ['missing body', Url, undefined, [{ type: 'missing', loc: ['body'], msg: 'Field required' }]],
    [
      'body that is not an object',
      Url,
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
      Named,
      { name: 5 },
      [{ type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: 5 }],
    ],
    [
      'string_too_short',
      CustomerId,
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
      Mobile,
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
      Limit,
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
      Limit,
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
      Days,
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
      'int_from_float',
      Days,
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
      Enabled,
      { enabled: 1 },
      [{ type: 'bool_type', loc: ['body', 'enabled'], msg: 'Input should be a valid boolean', input: 1 }],
    ],
    [
      'bool_parsing',
      Enabled,
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
      Include,
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
      Scope,
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
      OptionalEnabled,
      { colour: 'red', size: 2 },
      [
        { type: 'extra_forbidden', loc: ['body', 'colour'], msg: 'Extra inputs are not permitted', input: 'red' },
        { type: 'extra_forbidden', loc: ['body', 'size'], msg: 'Extra inputs are not permitted', input: 2 },
      ],
    ],
    [
      'list too_short',
      EventTypes,
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
      EventTypes,
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
      EventTypes,
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
      HttpUrl,
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
      HttpUrl,
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
      Email,
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
      Slug,
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
      'float_parsing',
      Rate,
      { rate: 'abc' },
      [
        {
          type: 'float_parsing',
          loc: ['body', 'rate'],
          msg: 'Input should be a valid number, unable to parse string as a number',
          input: 'abc',
        },
      ],
    ],
    [
      'rule over the whole body -> value_error',
      AtLeastOne,
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
      'rule naming its type',
      Audience,
      { a: 'x' },
      [{ type: 'missing_audience', loc: ['body'], msg: 'needs an audience', input: { a: 'x' }, ctx: { n: 1 } }],
    ],
    [
      'record key too long, value too long, too many keys',
      Tags,
      { tags: { abc: 'v', b: 'long', c: 'v' } },
      [
        {
          type: 'too_long',
          loc: ['body', 'tags'],
          msg: 'Dictionary should have at most 2 items',
          input: { abc: 'v', b: 'long', c: 'v' },
          ctx: { field_type: 'Dictionary', max_length: 2 },
        },
        {
          type: 'string_too_long',
          loc: ['body', 'tags', 'abc'],
          msg: 'String should have at most 2 characters',
          input: 'v',
          ctx: { max_length: 2 },
        },
        {
          type: 'string_too_long',
          loc: ['body', 'tags', 'b'],
          msg: 'String should have at most 3 characters',
          input: 'long',
          ctx: { max_length: 3 },
        },
      ],
    ],
    [
      'record that is not an object',
      Tags,
      { tags: ['a'] },
      [{ type: 'dict_type', loc: ['body', 'tags'], msg: 'Input should be a valid dictionary', input: ['a'] }],
    ],
    [
      'nested object field',
      Outer,
      { inner: { code: 'long' } },
      [
        {
          type: 'string_too_long',
          loc: ['body', 'inner', 'code'],
          msg: 'String should have at most 2 characters',
          input: 'long',
          ctx: { max_length: 2 },
        },
      ],
    ],
    [
      'nested object that is not an object',
      Outer,
      { inner: 'x' },
      [{ type: 'dict_type', loc: ['body', 'inner'], msg: 'Input should be a valid dictionary', input: 'x' }],
    ],
    [
      'several issues, in order',
      Several,
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
  it.each(cases.map(([name, metatype, input, expected, part]) => ({ name, metatype, input, expected, part })))(
    '$name',
    async ({ metatype, input, expected, part }) => {
      expect(await errorsOf(metatype, input, part ?? 'body')).toEqual(expected);
    },
  );

  it('returns an instance of the class, converted and defaulted', async () => {
    expect(await validate(Include, {}, 'query')).toEqual(Object.assign(new Include(), { include: 'enabled' }));
    expect(await validate(Limit, { limit: ['3', '7'] }, 'query')).toEqual(Object.assign(new Limit(), { limit: 7 }));
  });

  it('drops query parameters and headers the route does not read, refuses unknown body fields', async () => {
    expect(await validate(Include, { include: 'all', utm_source: 'x' }, 'query')).toEqual(
      Object.assign(new Include(), { include: 'all' }),
    );
    expect(await errorsOf(Include, { include: 'all', utm_source: 'x' }, 'body')).toEqual([
      { type: 'extra_forbidden', loc: ['body', 'utm_source'], msg: 'Extra inputs are not permitted', input: 'x' },
    ]);
  });

  it('reports path parameters under `path` and headers under `header`', async () => {
    expect(await errorsOf(Mobile, { mobile: 'x'.repeat(17) }, 'path')).toEqual([
      expect.objectContaining({ loc: ['path', 'mobile'], type: 'string_too_long' }),
    ]);
    expect(await errorsOf(Mobile, { mobile: 'x'.repeat(17), host: 'h' }, 'header')).toEqual([
      expect.objectContaining({ loc: ['header', 'mobile'], type: 'string_too_long' }),
    ]);
  });

  it('throws a 422 whose body is the HTTPValidationError', async () => {
    const failure = await validate(Include, { include: 'x' }, 'query').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestValidationException);
    const exception = failure as RequestValidationException;
    expect(exception.getStatus()).toBe(422);
    expect(exception.getResponse()).toEqual({
      detail: [expect.objectContaining({ loc: ['query', 'include'], type: 'enum' })],
    });
  });

  it('leaves values of other decorators and primitive types alone', async () => {
    expect(await pipe.transform('abc', { type: 'param', metatype: String, data: 'id' })).toBe('abc');
    expect(await pipe.transform({ a: 1 }, { type: 'custom', metatype: Url })).toEqual({ a: 1 });
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
