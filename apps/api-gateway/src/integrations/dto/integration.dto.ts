import { ApiProperty, ApiPropertyOptional, ApiSchema, OmitType, PickType } from '@nestjs/swagger';
import { EventsContracts } from '@cps/contracts';
import { HttpUrl, ListResponse, PageCursor, PageLimit, PathId } from '../../http/api-fields.js';
import { AtLeastOneField } from '../../http/body-rules.js';

const EXAMPLE_ID = '01JD3MC4X6Z8B0D2F4H6K8M0Q5';
const {
  INTEGRATION_KINDS,
  INTEGRATION_ADAPTERS,
  INTEGRATION_TRIGGERS,
  CUSTOMER_IDENTIFIERS,
  AWARD_STATUSES,
  MAX_POINTS_PER_DOLLAR,
  MAX_REWARD_ON_LINK,
} = EventsContracts;

// --- requests -------------------------------------------------------------------------------------

export class IntegrationPath {
  @PathId('Integration id', EXAMPLE_ID) integration_id!: string;
}

export class ListAwardsQuery extends PickType(EventsContracts.ListAwardsRequest, ['limit', 'starting_after'] as const) {
  @PageLimit('Page size') override limit?: number;
  @PageCursor('An award id from the previous page: the page holds older awards') override starting_after?: string;
}

// The settings of an integration, documented alike in both bodies (their types and rules are the contract's).
const SETTINGS = {
  name: { type: String, maxLength: 200, example: 'Smile.io rewards' },
  base_url: {
    type: String,
    format: 'uri',
    maxLength: 2048,
    description:
      "The platform's API base (points_api: `{base_url}/v1/points_transactions`; track_event: `{base_url}/api/events`) or the webhook URL",
    example: 'https://api.smile.io',
  },
  api_key: {
    type: String,
    maxLength: 512,
    writeOnly: true,
    description: "The platform's API key (points_api, track_event); stored encrypted, never shown again",
    example: 'sk_live_...',
  },
  triggers: {
    enum: INTEGRATION_TRIGGERS,
    isArray: true,
    minItems: 1,
    description:
      '`account.linked`: the first successful activation of a connection (never a re-link); `purchase.created`',
    default: INTEGRATION_TRIGGERS,
  },
  is_active: { type: Boolean, default: true },
  receive_simulated_events: {
    type: Boolean,
    default: false,
    description: 'Also act on events of simulated connections',
  },
  points_per_dollar: {
    type: 'number',
    minimum: 0,
    maximum: MAX_POINTS_PER_DOLLAR,
    multipleOf: 0.0001,
    default: 1,
    description: 'Points for a purchase = ceil(items_subtotal x points_per_dollar); taxes, shipping and fees excluded',
  },
  start_date: {
    type: String,
    format: 'date',
    nullable: true,
    default: null,
    description: 'Only purchases dated on or after this day (UTC) are rewarded',
    example: '2026-01-01',
  },
  reward_on_link: {
    type: 'integer',
    minimum: 0,
    maximum: MAX_REWARD_ON_LINK,
    default: 0,
    description: 'Points for `account.linked`',
  },
  customer_identifier: {
    enum: CUSTOMER_IDENTIFIERS,
    default: 'email',
    description: "How the platform knows the customer: the connection's email, customer_id or mobile",
  },
} as const;

/** Documents the settings after the body's own fields; `base_url` restates the contract's rules with its own. */
const IntegrationSettings =
  (baseUrlRequired: boolean): ClassDecorator =>
  (target) => {
    for (const [key, doc] of Object.entries(SETTINGS)) {
      const document = key === 'base_url' ? HttpUrl({ ...doc, required: baseUrlRequired }) : ApiPropertyOptional(doc);
      document(target.prototype as object, key);
    }
  };

@IntegrationSettings(true)
export class CreateIntegrationBody extends OmitType(EventsContracts.CreateIntegrationRequest, ['teamId'] as const) {
  @ApiProperty({ enum: INTEGRATION_KINDS, example: 'loyalty' }) override kind!: EventsContracts.IntegrationKind;
  /** loyalty: `points_api` (Smile.io / Yotpo style points award) or `webhook`; marketing: `track_event` (Klaviyo style) or `webhook` (Standard Webhooks, signed) @example points_api */
  @ApiProperty({ enum: INTEGRATION_ADAPTERS }) override adapter!: EventsContracts.IntegrationAdapter;
}

@AtLeastOneField()
@IntegrationSettings(false)
export class UpdateIntegrationBody extends OmitType(EventsContracts.UpdateIntegrationRequest, [
  'teamId',
  'integrationId',
] as const) {}

// --- responses ------------------------------------------------------------------------------------

@ApiSchema({ name: 'Integration', description: 'A loyalty or marketing integration' })
export class IntegrationResponse extends EventsContracts.Integration {
  @ApiProperty({ example: EXAMPLE_ID }) override integration_id!: string;
  @ApiProperty({ example: 'Smile.io rewards' }) override name!: string;
  @ApiProperty({ enum: INTEGRATION_KINDS }) override kind!: EventsContracts.IntegrationKind;
  @ApiProperty({ enum: INTEGRATION_ADAPTERS }) override adapter!: EventsContracts.IntegrationAdapter;
  @ApiProperty({ example: 'https://api.smile.io' }) override base_url!: string;
  @ApiProperty({ enum: INTEGRATION_TRIGGERS, isArray: true }) override triggers!: EventsContracts.IntegrationTrigger[];
  @ApiProperty() override is_active!: boolean;
  @ApiProperty() override receive_simulated_events!: boolean;
  @ApiProperty({ type: 'number', example: 1 }) override points_per_dollar!: number;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: null }) override start_date!: string | null;
  @ApiProperty({ type: 'integer', example: 100 }) override reward_on_link!: number;
  @ApiProperty({ enum: CUSTOMER_IDENTIFIERS }) override customer_identifier!: EventsContracts.CustomerIdentifier;
  @ApiProperty({ format: 'date-time' }) override created_at!: string;
  @ApiProperty({ format: 'date-time' }) override updated_at!: string;
}

@ApiSchema({ name: 'CreatedIntegration' })
export class CreatedIntegrationResponse extends IntegrationResponse {
  /** The `webhook` adapter's signing secret (`whsec_...`, Standard Webhooks), shown only here; null otherwise */
  @ApiProperty({ type: String }) secret!: string | null;
}

@ApiSchema({ name: 'IntegrationList' })
export class IntegrationListResponse extends ListResponse('integrations', IntegrationResponse) {}

@ApiSchema({
  name: 'IntegrationAward',
  description: 'One ledger entry: an award (or tracked event), once per integration and connection or purchase',
})
export class IntegrationAwardResponse extends EventsContracts.IntegrationAward {
  @ApiProperty({ example: '01JD3MD0000000000000000000' }) override award_id!: string;
  @ApiProperty({ example: EXAMPLE_ID }) override integration_id!: string;
  @ApiProperty({ enum: INTEGRATION_TRIGGERS }) override trigger!: EventsContracts.IntegrationTrigger;
  @ApiProperty() override connection_id!: string;
  @ApiProperty({ type: String, nullable: true }) override purchase_id!: string | null;
  @ApiProperty() override is_simulated!: boolean;
  @ApiProperty({ type: 'integer', example: 42 }) override points!: number;
  @ApiProperty({ type: String, nullable: true, example: '41.50' }) override items_subtotal!: string | null;
  /** `pending` while it is being sent or retried (see `next_attempt_at`), then `succeeded` or `failed` */
  @ApiProperty({ enum: AWARD_STATUSES }) override status!: EventsContracts.AwardStatus;
  @ApiProperty({ type: 'integer' }) override attempts!: number;
  @ApiProperty({ type: 'integer', nullable: true }) override last_status_code!: number | null;
  @ApiProperty({ type: String, nullable: true }) override last_error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) override next_attempt_at!: string | null;
  @ApiProperty({ format: 'date-time' }) override created_at!: string;
  @ApiProperty({ format: 'date-time' }) override updated_at!: string;
}

@ApiSchema({ name: 'IntegrationAwardList' })
export class IntegrationAwardListResponse extends PickType(EventsContracts.AwardList, ['has_more'] as const) {
  @ApiProperty({ type: () => [IntegrationAwardResponse] }) awards!: IntegrationAwardResponse[];
  @ApiProperty() override has_more!: boolean;
}
