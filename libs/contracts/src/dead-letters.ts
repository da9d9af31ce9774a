import { Type } from 'class-transformer';
import { IsArray, IsInt, IsISO8601, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { defineRpc, type RpcContract } from './contract.js';
import { IsNullable, IsOmittable, IsOneOf } from './validators.js';

/**
 * Dead letters: events a service's consumer gave up on (`<schema>.dead_letters`). Every service with consumers
 * answers these two subjects under its own context (`events.list-dead-letters.v1`, ...); the admin CLI asks.
 */
export const DEAD_LETTER_SERVICES = {
  'auth-server': 'auth',
  'sync-service': 'sync',
  'matching-service': 'matching',
  'events-service': 'events',
} as const;
export type DeadLetterService = keyof typeof DEAD_LETTER_SERVICES;

export class ListDeadLettersRequest {
  /** Newest first; at most this many. */
  @IsOmittable() @IsInt() @Min(1) @Max(1_000) limit: number = 100;
}
export class DeadLetter {
  /** The row's id (a bigint, as text). */
  @IsString() id!: string;
  /** The durable consumer that gave up, `<service>-<handler>`. */
  @IsString() consumer!: string;
  @IsNullable() @IsString() message_id!: string | null;
  @IsString() subject!: string;
  @IsString() error!: string;
  @IsInt() deliveries!: number;
  @IsISO8601({ strict: true }) created_at!: string;
}
export class DeadLetterList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => DeadLetter) dead_letters!: DeadLetter[];
}

export class ReplayDeadLetterRequest {
  @IsString() @Matches(/^[1-9][0-9]{0,17}$/, { message: 'id must be a dead letter id' }) id!: string;
}
export const REPLAY_OUTCOMES = ['handled', 'already_handled'] as const;
export class ReplayedDeadLetter {
  @IsString() id!: string;
  @IsString() consumer!: string;
  @IsNullable() @IsString() message_id!: string | null;
  /** `already_handled`: the consumer's inbox already had the message (nothing ran again). */
  @IsOneOf(REPLAY_OUTCOMES) outcome!: (typeof REPLAY_OUTCOMES)[number];
}

export interface DeadLetterContracts {
  list: RpcContract<ListDeadLettersRequest, DeadLetterList>;
  /**
   * Runs the message again for the consumer that dead-lettered it, and only that one, once: in one transaction
   * with its inbox row, and the dead letter is removed. 404 when there is no such dead letter (or it was
   * replayed); 422 when it fails again (it stays, with the new error).
   */
  replay: RpcContract<ReplayDeadLetterRequest, ReplayedDeadLetter>;
}

/** The dead-letter subjects of one service. */
export function deadLetterContracts(service: DeadLetterService): DeadLetterContracts {
  const context = DEAD_LETTER_SERVICES[service];
  return {
    list: defineRpc(service, `${context}.list-dead-letters.v1`, ListDeadLettersRequest, DeadLetterList),
    replay: defineRpc(service, `${context}.replay-dead-letter.v1`, ReplayDeadLetterRequest, ReplayedDeadLetter),
  };
}

export function isDeadLetterService(service: string): service is DeadLetterService {
  return Object.hasOwn(DEAD_LETTER_SERVICES, service);
}
