import { Injectable } from '@nestjs/common';
import { type EventsContracts, type RpcRequest } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { Transactor, type Transaction } from '@cps/persistence';
import { WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { webhookNotFound } from '../webhooks/webhook-view.js';
import { DeliveryRepository } from './delivery.repository.js';
import { toWebhookDelivery } from './delivery-view.js';

type Request = RpcRequest<typeof EventsContracts.retryDelivery>;

@Injectable()
export class RetryDeliveryUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

  /**
   * Makes a finished delivery due now. It is sent with the same `webhook-id`; if that attempt fails,
   * the rest of the retry schedule (if any is left) applies.
   */
  execute(request: Request): Promise<EventsContracts.WebhookDelivery> {
    return this.transactor.run((tx) => this.retry(tx, request));
  }

  private async retry(
    tx: Transaction,
    { teamId, webhookId, deliveryId }: Request,
  ): Promise<EventsContracts.WebhookDelivery> {
    const destination = await this.destinations.findOwned(teamId, webhookId, tx);
    if (!destination) throw new RpcRefusal(404, webhookNotFound(webhookId));
    const delivery = await this.deliveries.findOwned(teamId, webhookId, deliveryId, tx);
    if (!delivery) throw new RpcRefusal(404, `delivery ${deliveryId} not found`);
    if (!destination.isActive) throw new RpcRefusal(409, `webhook ${webhookId} is not active`);
    if (!(await this.deliveries.requeue(tx, teamId, deliveryId, this.clock.now()))) {
      throw new RpcRefusal(409, `delivery ${deliveryId} is already pending`);
    }
    const requeued = await this.deliveries.findOwned(teamId, webhookId, deliveryId, tx);
    if (!requeued) throw new RpcRefusal(404, `delivery ${deliveryId} not found`);
    return toWebhookDelivery(requeued);
  }
}
