import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType, PickType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { LinkAudience, LINK_VISIBILITIES, SyncContracts, Type, type LinkVisibility } from '@cps/contracts';
import { checkDomain, checkEmail, type Checked } from '@cps/domain';
import { AtLeastOneField, Refine } from '../../http/body-rules.js';
import { IsChecked, NormalizedBy } from '../../http/field-rules.js';

const MAX_AUDIENCE_ENTRIES = 1000;

/** A list whose entries `check` accepts, normalised as they are checked (restated: see connection.dto.ts). */
const AudienceList = (check: (input: string) => Checked, what: string, example: string) =>
  applyDecorators(
    NormalizedBy(check),
    IsChecked(check, what, { each: true }),
    MaxLength(320, { each: true }),
    IsString({ each: true }),
    ArrayMaxSize(MAX_AUDIENCE_ENTRIES),
    IsArray(),
    ApiProperty({ type: [String], maxItems: MAX_AUDIENCE_ENTRIES, maxLength: 320, example: [example] }),
  );

/** Who sees a `restricted` retailer; entries are normalised (trimmed, lower-cased) as they are checked. */
export class LinkAudienceBody extends PickType(LinkAudience, ['allowed_emails', 'allowed_domains'] as const) {
  @AudienceList(checkEmail, 'email address', 'vip@example.com') override allowed_emails!: string[];
  @AudienceList(checkDomain, 'domain', 'example.org') override allowed_domains!: string[];
}

const linkSettingsSent = (body: UpdateRetailerBody) =>
  body.link_visibility !== undefined || body.link_audience !== undefined;

/**
 * PATCH /retailers/{retailer_id}: every field optional, omitted fields unchanged, unknown fields and an
 * empty body rejected (seed rule 4), link settings together with `enabled: false` rejected (rule 3),
 * `restricted` with an audience sent empty rejected (rule 2; sync-service checks the stored lists).
 */
@AtLeastOneField()
@Refine<UpdateRetailerBody>({
  check: (body) => !(body.enabled === false && linkSettingsSent(body)),
  message: 'link settings cannot be sent together with enabled: false',
})
@Refine<UpdateRetailerBody>({
  check: (body) =>
    !(
      body.link_visibility === 'restricted' &&
      body.link_audience &&
      body.link_audience.allowed_emails.length === 0 &&
      body.link_audience.allowed_domains.length === 0
    ),
  message: 'restricted visibility needs at least one allowed email or domain',
  path: ['link_audience'],
})
export class UpdateRetailerBody extends OmitType(SyncContracts.UpdateRetailerRequest, [
  'retailerId',
  'teamId',
] as const) {
  @ApiPropertyOptional({ description: 'Enable or disable the retailer for your team', example: true })
  override enabled?: boolean;
  /** Who sees the retailer on the link flow's retailer-selection page; needs the retailer enabled */
  @ApiPropertyOptional({ enum: LINK_VISIBILITIES }) override link_visibility?: LinkVisibility;
  /** Who sees a `restricted` retailer. Replaces the stored lists entirely: send both lists to keep entries. */
  @ApiPropertyOptional({ type: () => LinkAudienceBody })
  @Type(() => LinkAudienceBody)
  override link_audience?: LinkAudienceBody;
}
