import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsNumber,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { defineRpc, Paged, Type, TeamScoped } from './contract.js';
import { DELIVERY_STATUSES, WithDeliveryProgress, type DeliveryStatus } from './delivery-progress.js';
import { IsNullable, IsOmittable, IsOneOf } from './validators.js';

// Loyalty and marketing integrations (events-service, ADR 0014). Settings per INTERFACE-DECISIONS.md.

const SERVICE = 'events-service';

export const INTEGRATION_KINDS = ['loyalty', 'marketing'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/**
 * How awards are sent: a points-award call in the style of Smile.io / Yotpo (`points_api`, loyalty), a track-event
 * call in the style of Klaviyo (`track_event`, marketing), or a Standard Webhooks signed POST (`webhook`, either).
 */
export const INTEGRATION_ADAPTERS = ['points_api', 'track_event', 'webhook'] as const;
export type IntegrationAdapter = (typeof INTEGRATION_ADAPTERS)[number];

export const INTEGRATION_TRIGGERS = ['account.linked', 'purchase.created'] as const;
export type IntegrationTrigger = (typeof INTEGRATION_TRIGGERS)[number];

export const CUSTOMER_IDENTIFIERS = ['email', 'customer_id', 'mobile'] as const;
export type CustomerIdentifier = (typeof CUSTOMER_IDENTIFIERS)[number];

/** An award is delivered like a webhook: pending until it succeeds or fails for good. */
export const AWARD_STATUSES = DELIVERY_STATUSES;
export type AwardStatus = DeliveryStatus;

/** A day, `YYYY-MM-DD` (purchases dated on or after its midnight UTC are rewarded). */
export const START_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_POINTS_PER_DOLLAR = 10_000;
export const MAX_REWARD_ON_LINK = 1_000_000;
/** Postgres text cannot hold NUL: refused as input (422) rather than failing the insert. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NO_NUL = /^[^\u0000]*$/;

export class Integration {
  @IsString() integration_id!: string;
  @IsString() name!: string;
  @IsOneOf(INTEGRATION_KINDS) kind!: IntegrationKind;
  @IsOneOf(INTEGRATION_ADAPTERS) adapter!: IntegrationAdapter;
  @IsString() base_url!: string;
  @IsArray() @IsOneOf(INTEGRATION_TRIGGERS, { each: true }) triggers!: IntegrationTrigger[];
  @IsBoolean() is_active!: boolean;
  @IsBoolean() receive_simulated_events!: boolean;
  @IsNumber() @Min(0) points_per_dollar!: number;
  @IsNullable() @IsString() start_date!: string | null;
  @IsInt() @Min(0) reward_on_link!: number;
  @IsOneOf(CUSTOMER_IDENTIFIERS) customer_identifier!: CustomerIdentifier;
  @IsISO8601({ strict: true }) created_at!: string;
  @IsISO8601({ strict: true }) updated_at!: string;
}

export class CreatedIntegration extends Integration {
  /** The `webhook` adapter's Standard Webhooks signing secret (`whsec_...`), shown only here; otherwise null. */
  @IsNullable() @IsString() secret!: string | null;
}

/** The fields a team sets; the service checks kind x adapter and what each adapter needs (422). */
export class IntegrationFields {
  @IsOmittable() @IsString() @MaxLength(200) @Matches(NO_NUL) name?: string;
  @IsOmittable() @IsString() @MaxLength(2048) @Matches(NO_NUL) base_url?: string;
  /** The platform's API key (points_api, track_event); write-only, stored sealed. */
  @IsOmittable() @IsString() @MinLength(1) @MaxLength(512) api_key?: string;
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INTEGRATION_TRIGGERS.length)
  @IsOneOf(INTEGRATION_TRIGGERS, { each: true })
  triggers?: IntegrationTrigger[];
  @IsOmittable() @IsBoolean() is_active?: boolean;
  @IsOmittable() @IsBoolean() receive_simulated_events?: boolean;
  @IsOmittable() @IsNumber({ maxDecimalPlaces: 4 }) @Min(0) @Max(MAX_POINTS_PER_DOLLAR) points_per_dollar?: number;
  @IsOmittable() @IsNullable() @IsString() @Matches(START_DATE_PATTERN) start_date?: string | null;
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_REWARD_ON_LINK) reward_on_link?: number;
  @IsOmittable() @IsOneOf(CUSTOMER_IDENTIFIERS) customer_identifier?: CustomerIdentifier;
}

export class CreateIntegrationRequest extends IntegrationFields {
  @IsString() teamId!: string;
  @IsOneOf(INTEGRATION_KINDS) kind!: IntegrationKind;
  @IsOneOf(INTEGRATION_ADAPTERS) adapter!: IntegrationAdapter;
  @IsString() @MaxLength(2048) override base_url!: string;
}
export const createIntegration = defineRpc(
  SERVICE,
  'events.create-integration.v1',
  CreateIntegrationRequest,
  CreatedIntegration,
);

export class IntegrationList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Integration) integrations!: Integration[];
}
export const listIntegrations = defineRpc(SERVICE, 'events.list-integrations.v1', TeamScoped, IntegrationList);

/** One integration of a team; an unknown or foreign id is refused with 404. */
export class IntegrationRef extends TeamScoped {
  @IsString() integrationId!: string;
}
export const getIntegration = defineRpc(SERVICE, 'events.get-integration.v1', IntegrationRef, Integration);

export class UpdateIntegrationRequest extends IntegrationFields {
  @IsString() teamId!: string;
  @IsString() integrationId!: string;
}
export const updateIntegration = defineRpc(
  SERVICE,
  'events.update-integration.v1',
  UpdateIntegrationRequest,
  Integration,
);

export class DeletedIntegration {
  @IsString() integration_id!: string;
}
/** Deletes it with its ledger; nothing more is sent. */
export const deleteIntegration = defineRpc(SERVICE, 'events.delete-integration.v1', IntegrationRef, DeletedIntegration);

/** What an award is for: which trigger of which integration, for which connection or purchase, and its points. */
class AwardSubject {
  @IsString() award_id!: string;
  @IsString() integration_id!: string;
  @IsOneOf(INTEGRATION_TRIGGERS) trigger!: IntegrationTrigger;
  @IsString() connection_id!: string;
  @IsNullable() @IsString() purchase_id!: string | null;
  @IsBoolean() is_simulated!: boolean;
  @IsInt() @Min(0) points!: number;
  @IsNullable() @IsString() items_subtotal!: string | null;
}

/** One entry of the ledger: an award (or tracked event) for one trigger, once per integration and subject. */
export class IntegrationAward extends WithDeliveryProgress(AwardSubject) {}

export class ListAwardsRequest extends Paged(IntegrationRef) {}
export class AwardList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => IntegrationAward) awards!: IntegrationAward[];
  @IsBoolean() has_more!: boolean;
}
/** Newest first; `starting_after` (an award id) gives the next older page. */
export const listIntegrationAwards = defineRpc(
  SERVICE,
  'events.list-integration-awards.v1',
  ListAwardsRequest,
  AwardList,
);
