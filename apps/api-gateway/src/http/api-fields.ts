import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IDENTIFIER_PATTERN, IsHttpUrl, IsIdentifier, IsWebEmail, QueryInteger } from './field-rules.js';

// The fields many gateway DTOs share: each applies its validators in the order a stack of decorators on the
// field would (the bottom one first), then documents what they check.

/** How an identifier of a path or a page cursor is documented. */
export const ID_DOC = { maxLength: 64, pattern: IDENTIFIER_PATTERN.source } as const;

/** A path id: 1-64 URL-safe characters. */
export const PathId = (description: string, example: string) =>
  applyDecorators(IsIdentifier(), ApiProperty({ description, example, ...ID_DOC }));

/** `limit` of a page (the bounds and default are the contract's; this documents them and parses the query text). */
export const PageLimit = (description = 'Page size, 1 to 100 (default 50)', maximum = 100, fallback = 50) =>
  applyDecorators(
    QueryInteger(),
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum, default: fallback, description }),
  );

/** `starting_after` of a page: the id of the previous page's last entry. */
export const PageCursor = (description: string) =>
  applyDecorators(
    Matches(IDENTIFIER_PATTERN),
    MaxLength(64),
    MinLength(1),
    IsString(),
    ApiPropertyOptional({ description, minLength: 1, ...ID_DOC }),
  );

/** Attribution tags of a connection: string values, at most 10 (the contract's rule); a comment describes them. */
export const Tags = (example: Record<string, string>) =>
  ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: 256 },
    maxProperties: 10,
    example,
  });

/** A customer's email address, or null. */
export const CustomerEmail = (description = 'Customer email address') =>
  applyDecorators(
    IsWebEmail(),
    MaxLength(254),
    IsString(),
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 254, description, example: 'jo@example.com' }),
  );

/** A customer's mobile phone number, or null. */
export const CustomerMobile = (description = 'Customer mobile phone number', example?: string) =>
  applyDecorators(
    MaxLength(16),
    MinLength(1),
    IsString(),
    ApiPropertyOptional({ type: String, nullable: true, minLength: 1, maxLength: 16, description, example }),
  );

/** An absolute http(s) URL of at most 2048 characters (restating the contract's rules: see connection.dto.ts). */
export const HttpUrl = (doc: ApiPropertyOptions) =>
  applyDecorators(IsHttpUrl(), MaxLength(2048), IsString(), ApiProperty(doc));

/** A response holding one unpaged list, `{ [key]: Item[] }`. */
export function ListResponse<K extends string, T>(key: K, item: Type<T>): Type<Record<K, T[]>> {
  class List {}
  ApiProperty({ type: () => [item] })(List.prototype, key);
  return List as Type<Record<K, T[]>>;
}
