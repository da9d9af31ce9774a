import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { rpcClientClass } from '@cps/messaging';

/** events-service as the gateway asks it: one method per request/reply contract (`events.*.v1`). */
@Injectable()
export class EventsClient extends rpcClientClass(EventsContracts, [
  'createWebhook',
  'listWebhooks',
  'getWebhook',
  'updateWebhook',
  'deleteWebhook',
  'listDeliveries',
  'listPartnerDeliveries',
  'retryDelivery',
  'recordAdOptOut',
  'createIntegration',
  'listIntegrations',
  'getIntegration',
  'updateIntegration',
  'deleteIntegration',
  'listIntegrationAwards',
]) {}
