import {
  ContractViolation,
  IsNullable,
  TOLERANT_VALIDATOR_OPTIONS,
  toMessage,
  type MessageClass,
} from '@cps/contracts';
import { parseMoney } from '@cps/domain';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';

/**
 * What the sandbox retailer answers, as far as the adapter reads it. Fields it does not read are dropped,
 * not refused: a retailer adding a field must not break collection.
 */

/** A two-place decimal string (`"3.47"`); `cents()` turns it into cents once validated. */
function IsMoney(): PropertyDecorator {
  return ValidateBy({
    name: 'isMoney',
    validator: {
      validate: (value) => typeof value === 'string' && isMoney(value),
      defaultMessage: (args) => `${args!.property} must be an amount`,
    },
  });
}

function isMoney(text: string): boolean {
  try {
    parseMoney(text);
    return true;
  } catch {
    return false;
  }
}

/** An ISO 8601 date-time with a time zone (`Z` or an offset). */
function IsInstant(): PropertyDecorator {
  return (target, property) => {
    IsISO8601({ strict: true })(target, property);
    Matches(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/)(target, property);
  };
}

export const cents = (amount: string): number => parseMoney(amount);
export const instant = (text: string): Date => new Date(text);

const CHANNELS = ['online', 'in_store'] as const;

export class SessionReply {
  @IsString() @MinLength(1) session_token!: string;
  @IsOptional() @IsInstant() expires_at: string | null = null;
}

export class ChallengeReply {
  @IsString() @MinLength(1) challenge_id!: string;
  @IsOptional() @IsString() sent_to: string | null = null;
  @IsOptional() @IsInstant() expires_at: string | null = null;
}

export class ErrorReply {
  @IsString() error!: string;
  @IsOptional() @IsInt() @Min(0) attempts_left?: number;
}

export class OrderSummaryReply {
  @IsString() @MinLength(1) order_id!: string;
  @IsInstant() ordered_at!: string;
  @IsIn(CHANNELS) channel!: (typeof CHANNELS)[number];
  @IsMoney() total!: string;
}

export class OrderPageReply {
  @IsArray() @ValidateNested({ each: true }) @Type(() => OrderSummaryReply) orders!: OrderSummaryReply[];
  @IsString() @MinLength(1) next_cursor!: string;
  @IsBoolean() has_more!: boolean;
}

export class OrderItemReply {
  @IsString() name!: string;
  @IsNullable() @IsString() brand!: string | null;
  @IsNullable() @IsString() upc!: string | null;
  @IsNullable() @IsString() sku!: string | null;
  @IsMoney() unit_price!: string;
  @IsInt() @Min(1) quantity!: number;
}

export class OrderReply {
  @IsString() @MinLength(1) order_id!: string;
  @IsInstant() ordered_at!: string;
  @IsIn(CHANNELS) channel!: (typeof CHANNELS)[number];
  @IsString() @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => OrderItemReply) items!: OrderItemReply[];
  @IsMoney() subtotal!: string;
  @IsMoney() discounts!: string;
  @IsMoney() shipping!: string;
  @IsMoney() fees!: string;
  @IsMoney() tax!: string;
  @IsMoney() total!: string;
}

export class OrderDetailsReply {
  @IsArray() @ValidateNested({ each: true }) @Type(() => OrderReply) orders!: OrderReply[];
}

/** The reply as `cls`, or null when it does not fit (the caller decides what an unexpected answer means). */
export function readReply<T extends object>(cls: MessageClass<T>, body: unknown): T | null {
  try {
    return toMessage(cls, body, TOLERANT_VALIDATOR_OPTIONS);
  } catch (error) {
    if (error instanceof ContractViolation) return null;
    throw error;
  }
}
