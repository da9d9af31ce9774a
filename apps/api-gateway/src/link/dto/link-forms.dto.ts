import { BadRequestException } from '@nestjs/common';
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, MinLength, validateSync } from 'class-validator';
import { IsOmittable, Trim } from '@cps/contracts';

/** The query of a link token URL: `/link?link_token=...&redirect_url=...[&connection_id=...]`. */
export class TokenEntryQuery {
  @IsOmittable() @Trim() @IsString() @MinLength(1) @MaxLength(200) link_token?: string;
  @IsOmittable() @Trim() @IsString() @MinLength(1) @MaxLength(64) connection_id?: string;
  @IsOmittable() @Trim() @IsString() @MaxLength(2048) redirect_url?: string;
}

/** The last path segment of a retailer's `link_url`. */
export const LINK_ID_PATTERN = /^[0-9A-Za-z]{10}$/;

/** The query of a retailer's `link_url`. */
export class LinkUrlQuery {
  @IsOmittable() @Trim() @IsString() @MaxLength(2048) redirect_url?: string;
  @IsOmittable() @Trim() @IsString() @MinLength(1) @MaxLength(64) customer_id?: string;
  @IsOmittable() @Trim() @IsString() @MaxLength(254) email?: string;
}

export class RetailerForm {
  @Trim() @IsString() @MaxLength(64) retailer_id: string = '';
}

/** The consent step's answer: the history window (whole days) the shopper grants. */
export class ConsentForm {
  @Type(() => Number) @IsInt() @Min(0) @Max(3_650) history_window_days!: number;
}

export class SignInForm {
  @Trim() @IsString() @MinLength(1) @MaxLength(254) email!: string;
  @IsString() @MinLength(1) @MaxLength(256) password!: string;
}

export class CodeForm {
  @Trim() @IsString() @MinLength(1) @MaxLength(32) code!: string;
}

/**
 * A query or form of the link pages as `cls`, or 400 with `problem` (the page shows it): fields the page
 * does not read (the CSRF token, tracking parameters) are dropped, and a wrong field is never echoed.
 */
export function parseForm<T extends object>(cls: new () => T, value: unknown, problem: string): T {
  const plain = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const instance = plainToInstance(cls, plain);
  const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: false });
  if (errors.length > 0) throw new BadRequestException({ detail: problem });
  return instance;
}

export function isLinkId(value: string): boolean {
  return LINK_ID_PATTERN.test(value);
}
