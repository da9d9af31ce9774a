import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';

export class SignInBody {
  @IsString() @MinLength(1) @MaxLength(254) email!: string;
  @IsString() @MinLength(1) @MaxLength(256) password!: string;
}

export class OneTimeCodeBody {
  @IsString() @MinLength(1) @MaxLength(128) challenge_id!: string;
  @IsString() @Matches(/^\d{6}$/, { message: 'code must be six digits' }) code!: string;
}

export class ListOrdersQuery {
  @IsOptional() @IsString() @MinLength(1) @MaxLength(128) since?: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(100) limit = 25;
}

/** `?ids=a,b,c`: up to 100 order ids, comma-separated. */
export class OrderDetailsQuery {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',') : value))
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(128, { each: true })
  ids!: string[];
}

/** `Authorization: Bearer <session token>`; null when absent or of another scheme. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
