import { z } from 'zod';
import { linkVisibilitySchema } from '@cps/contracts';
import { checkDomain, checkEmail, type Checked } from '@cps/domain';
import { type IssueParams } from '../../http/validation-error.js';
import { described } from '../../openapi/schema-registry.js';

/** A string that `check` accepts, normalised as it says (trimmed, lower-cased); FastAPI's value_error otherwise. */
function checked(check: (input: string) => Checked, what: string) {
  return z
    .string()
    .max(320)
    .transform((input, context) => {
      const result = check(input);
      if (result.ok) return result.value;
      const params: IssueParams = { type: 'value_error', ctx: { reason: result.reason } };
      context.addIssue({ code: 'custom', message: `value is not a valid ${what}: ${result.reason}`, params });
      return z.NEVER;
    });
}

const MAX_AUDIENCE_ENTRIES = 1000;

export const linkAudienceBodySchema = described(
  z
    .object({
      allowed_emails: z.array(checked(checkEmail, 'email address')).max(MAX_AUDIENCE_ENTRIES),
      allowed_domains: z.array(checked(checkDomain, 'domain')).max(MAX_AUDIENCE_ENTRIES),
    })
    .strict(),
  'Who sees a `restricted` retailer. Replaces the stored lists entirely: send both lists to keep entries.',
);

/**
 * PATCH /retailers/{retailer_id}: every field optional, omitted fields unchanged, unknown fields and an
 * empty body rejected (seed rule 4), link settings together with `enabled: false` rejected (rule 3),
 * `restricted` with an audience sent empty rejected (rule 2; sync-service checks the stored lists).
 */
export const updateRetailerFields = z
  .object({
    enabled: described(z.boolean(), 'Enable or disable the retailer for your team').optional(),
    link_visibility: described(
      linkVisibilitySchema,
      "Who sees the retailer on the link flow's retailer-selection page; needs the retailer enabled",
    ).optional(),
    link_audience: linkAudienceBodySchema.optional(),
  })
  .strict();

const linkSettingsSent = (body: z.output<typeof updateRetailerFields>) =>
  body.link_visibility !== undefined || body.link_audience !== undefined;

export const updateRetailerBodySchema = updateRetailerFields
  .refine((body) => Object.keys(body).length > 0, {
    message: 'at least one field is required',
    // Only when the fields themselves are valid: an unknown field is reported as such, not as an empty body.
    when: (payload) => payload.issues.length === 0,
  })
  .refine((body) => !(body.enabled === false && linkSettingsSent(body)), {
    message: 'link settings cannot be sent together with enabled: false',
    when: (payload) => payload.issues.length === 0,
  })
  .refine(
    (body) =>
      !(
        body.link_visibility === 'restricted' &&
        body.link_audience &&
        body.link_audience.allowed_emails.length === 0 &&
        body.link_audience.allowed_domains.length === 0
      ),
    {
      message: 'restricted visibility needs at least one allowed email or domain',
      path: ['link_audience'],
      when: (payload) => payload.issues.length === 0,
    },
  );
export type UpdateRetailerBody = z.output<typeof updateRetailerBodySchema>;
