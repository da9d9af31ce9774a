import { z } from 'zod';
import { linkVisibilitySchema, retailerStatusSchema } from '@cps/contracts';
import { described, named } from '../../openapi/schema-registry.js';

const themed = () => z.object({ light: z.string(), dark: z.string() });

export const retailerResponseSchema = named(
  'Retailer',
  z.object({
    retailer_id: described(z.string(), 'Lowercase slug'),
    name: z.string(),
    images: described(z.object({ logo: themed(), icon: themed() }), 'Image URLs for light and dark themes'),
    status: described(retailerStatusSchema, 'Platform status'),
    enabled: described(z.boolean(), 'Whether the retailer is enabled for your team'),
    link_url: described(
      z.string().nullable(),
      'Deprecated: launches the link flow for the retailer; null when disabled. Link tokens replace it.',
      { deprecated: true },
    ),
    link_visibility: described(linkVisibilitySchema, 'Present only when enabled').optional(),
    link_audience: described(
      z.object({ allowed_emails: z.array(z.string()), allowed_domains: z.array(z.string()) }),
      'Applied when link_visibility is `restricted`; present only when enabled',
    ).optional(),
  }),
);

export const retailerListResponseSchema = named(
  'RetailerList',
  z.object({ retailers: z.array(retailerResponseSchema) }),
);
