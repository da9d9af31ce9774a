import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LeaseWorker } from '../deliveries/lease-worker.js';
import { DeliverySettings } from '../settings.js';
import { AttemptAwardUseCase } from './attempt-award.use-case.js';
import { AWARDS_CHANNEL, AwardRepository, type ClaimedAward } from './award.repository.js';

/**
 * Sends due awards like the webhook deliveries (see LeaseWorker). A process killed mid-call leaves its lease to run
 * out: the award is sent again with the same idempotency key, which the receiving platform applies once.
 */
@Injectable()
export class AwardWorker extends LeaseWorker<ClaimedAward> {
  constructor(
    awards: AwardRepository,
    attempt: AttemptAwardUseCase,
    settings: DeliverySettings,
    @InjectDataSource() dataSource: DataSource,
  ) {
    super(
      {
        name: 'AwardWorker',
        channel: AWARDS_CHANNEL,
        applicationName: 'events-service-awards-listen',
        claim: (limit, leaseMs) => awards.claimDue(limit, leaseMs),
        attempt: (award) => attempt.execute(award),
      },
      settings,
      dataSource,
    );
  }
}
