import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DeliverySettings } from '../settings.js';
import { AttemptDeliveryUseCase } from './attempt-delivery.use-case.js';
import { DELIVERIES_CHANNEL, DeliveryRepository, type ClaimedDelivery } from './delivery.repository.js';
import { LeaseWorker } from './lease-worker.js';

/**
 * Sends due webhook deliveries (see LeaseWorker): each due delivery is leased (DeliveryRepository.claimDue), then
 * attempted; consumers wake it with NOTIFY when they commit new deliveries.
 */
@Injectable()
export class DeliveryWorker extends LeaseWorker<ClaimedDelivery> {
  constructor(
    deliveries: DeliveryRepository,
    attemptDelivery: AttemptDeliveryUseCase,
    settings: DeliverySettings,
    @InjectDataSource() dataSource: DataSource,
  ) {
    super(
      {
        name: 'DeliveryWorker',
        channel: DELIVERIES_CHANNEL,
        applicationName: 'events-service-deliveries-listen',
        claim: (limit, leaseMs) => deliveries.claimDue(limit, leaseMs),
        attempt: (delivery) => attemptDelivery.execute(delivery),
      },
      settings,
      dataSource,
    );
  }
}
