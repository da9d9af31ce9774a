import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsOmittable } from '@cps/contracts';
import { Refine } from '../../http/body-rules.js';

/**
 * POST /ad-sharing/opt-outs (seed: Ad-sharing opt-out). Both fields are checked for length; then at least
 * one must be given, and `connection_id` wins. An email is any non-blank text: an opt-out is never refused
 * for its spelling. Not derived from events' RecordAdOptOutRequest, which carries the normalised email.
 */
@Refine<OptOutBody>({
  check: (body) => body.connection_id !== undefined || (body.email ?? '').trim().length > 0,
  message: 'email or connection_id is required',
  type: 'missing',
  ctx: { fields: ['email', 'connection_id'] },
})
export class OptOutBody {
  /** The shopper's email, at most 254 characters; case and surrounding whitespace are ignored. Required unless connection_id is supplied @example jo@example.com */
  @ApiPropertyOptional() @IsOmittable() @IsString() @MaxLength(254) email?: string;
  /** One of your non-simulated connections with a usable email; its email is used, and `email` is ignored */
  @ApiPropertyOptional() @IsOmittable() @IsString() @MinLength(1) @MaxLength(64) connection_id?: string;
}
