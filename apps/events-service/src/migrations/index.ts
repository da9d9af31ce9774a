import { CreateEventsSchema1732300000000 } from './1732300000000-create-events-schema.js';
import { CreateAdOptOuts1732500000000 } from './1732500000000-create-ad-opt-outs.js';
import { CreatePartnerDeliveryTargets1733300000000 } from './1733300000000-create-partner-delivery-targets.js';
import { CreateEventsRole1734000000000 } from './1734000000000-create-events-role.js';
import { IdempotentReplies1734600000000 } from './1734600000000-idempotent-replies.js';
import { DestinationPreviousSecret1734900000000 } from './1734900000000-destination-previous-secret.js';
import { Integrations1735100000000 } from './1735100000000-integrations.js';
import { DeliveryResponseBody1738300000000 } from './1738300000000-delivery-response-body.js';
import { Outbox1739100000000 } from './1739100000000-outbox.js';

export const migrations = [
  CreateEventsSchema1732300000000,
  CreateAdOptOuts1732500000000,
  CreatePartnerDeliveryTargets1733300000000,
  CreateEventsRole1734000000000,
  IdempotentReplies1734600000000,
  DestinationPreviousSecret1734900000000,
  Integrations1735100000000,
  DeliveryResponseBody1738300000000,
  Outbox1739100000000,
];
