import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { isUpcA, MAX_ITEMS } from '../orders/order-generator.js';

const MONEY = /^\d{1,7}\.\d{2}$/;
const MONEY_MESSAGE = 'must be a two-place decimal amount, e.g. "3.47"';
const DATETIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A rule that needs the rest of the body: `problem` returns what is wrong with this field given the whole
 * body, or null. Like every rule on an `@IsOptional` field it only runs when the field is given.
 */
function Refine<T extends object>(problem: (body: T, value: unknown) => string | null): PropertyDecorator {
  return ValidateBy({
    name: 'refine',
    validator: {
      validate: (value, args) => problem(args!.object as T, value) === null,
      defaultMessage: (args) => `${args!.property}: ${problem(args!.object as T, args!.value) ?? 'invalid'}`,
    },
  });
}

function IsOneTimeCodeOption(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isOneTimeCodeOption',
      validator: {
        validate: (value) => typeof value === 'boolean' || (typeof value === 'string' && /^\d{6}$/.test(value)),
        defaultMessage: (args) => `${args!.property} must be a boolean or six digits`,
      },
    },
    options,
  );
}

export class CreateAccountBody {
  @IsEmail() @MaxLength(254) email!: string;
  @IsString() @MinLength(8) @MaxLength(256) password!: string;
  /** true: a random six-digit code is required after the password; a string: that code. */
  @IsOneTimeCodeOption() one_time_code: boolean | string = false;
}

export class ChangePasswordBody {
  @IsString() @MinLength(8) @MaxLength(256) password!: string;
}

/** `unit_price` and the charges are two-place decimal strings; the controller turns them into cents. */
export class OrderLineBody {
  @IsString() @MinLength(1) @MaxLength(200) name!: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(100) brand: string | null = null;
  @IsOptional()
  @IsString()
  @ValidateBy({
    name: 'isUpcA',
    validator: {
      validate: (value) => typeof value === 'string' && isUpcA(value),
      defaultMessage: () => 'upc must be a UPC-A code: 12 digits with a valid check digit',
    },
  })
  upc: string | null = null;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(64) sku: string | null = null;
  @IsString() @Matches(MONEY, { message: `unit_price ${MONEY_MESSAGE}` }) unit_price!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
}

const onlyWithLines = (body: AddOrdersBody) => (body.lines ? null : 'only with lines; random orders draw their own');

export class AddOrdersBody {
  /** Random orders: how many (default 1) and how many distinct products each (default 1-6). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  @Refine<AddOrdersBody>((body) => (body.lines ? 'lines describe exactly one order' : null))
  count?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ITEMS)
  @Refine<AddOrdersBody>((body) => (body.lines ? 'lines and items are exclusive' : null))
  items?: number;

  /** Or exactly one order with these lines. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OrderLineBody)
  lines?: OrderLineBody[];

  @IsOptional() @Matches(MONEY, { message: `discounts ${MONEY_MESSAGE}` }) @Refine(onlyWithLines) discounts?: string;
  @IsOptional() @Matches(MONEY, { message: `shipping ${MONEY_MESSAGE}` }) @Refine(onlyWithLines) shipping?: string;
  @IsOptional() @Matches(MONEY, { message: `fees ${MONEY_MESSAGE}` }) @Refine(onlyWithLines) fees?: string;
  @IsOptional() @IsInt() @Min(0) @Max(2_500) @Refine(onlyWithLines) tax_rate_bps?: number;
  @IsOptional() @IsIn(['online', 'in_store']) channel?: 'online' | 'in_store';
  @IsOptional() @IsString() @Matches(/^\d{1,6}$/) @Refine(onlyWithLines) store_number?: string;

  /** When the orders were placed (default now)... */
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(DATETIME_WITH_ZONE, { message: 'ordered_at must be a date-time with a time zone' })
  ordered_at?: string;

  /** ...or spread at random over this many past days: an order history. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3_650)
  @Refine<AddOrdersBody>((body) =>
    body.ordered_at !== undefined
      ? 'give ordered_at or back_date_days, not both'
      : body.lines
        ? 'lines describe one order; use ordered_at'
        : null,
  )
  back_date_days?: number;
}

export class InjectFailureBody {
  /** Only this account's calls; omitted: every call to the retailer. */
  @IsOptional() @IsString() @MinLength(1) @MaxLength(254) account_email?: string;
  @IsIn(['delay', 'rate_limit', 'server_error']) kind!: 'delay' | 'rate_limit' | 'server_error';
  @IsIn(['all', 'sign_in', 'orders']) scope: 'all' | 'sign_in' | 'orders' = 'all';

  /** Wait this long before answering (the whole answer for `delay`, before the error otherwise). */
  @IsInt()
  @Min(0)
  @Max(120_000)
  @Refine<InjectFailureBody>((body, value) =>
    body.kind === 'delay' && value === 0 ? 'a delay needs delay_ms > 0' : null,
  )
  delay_ms = 0;

  @IsOptional()
  @IsInt()
  @Min(500)
  @Max(599)
  @Refine<InjectFailureBody>((body) => (body.kind === 'server_error' ? null : 'only for kind server_error'))
  status?: number;

  @IsOptional() @IsInt() @Min(0) @Max(86_400) retry_after_seconds?: number;
  /** How many answers are affected; omitted: until removed or expired. */
  @IsOptional() @IsInt() @Min(1) @Max(1_000_000) times?: number;
  @IsOptional() @IsInt() @Min(1) @Max(7 * 86_400) for_seconds?: number;
}
