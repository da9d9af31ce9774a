import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { when } from '../web/forms.js';

/** A new signing secret for a webhook; the old one also signs for `overlapHours`. Answers the secret and the overlap. */
@Injectable()
export class RotateWebhookSecret {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, webhookId: string, overlapHours: number): Promise<{ secret: string; overlap: string }> {
    const rotated = await this.rpc.request(EventsContracts.rotateWebhookSecret, {
      teamId,
      webhookId,
      overlap_hours: overlapHours,
    });
    const overlap = rotated.previous_secret_until
      ? `The old one also signs until ${when(rotated.previous_secret_until)}.`
      : 'The old one no longer signs.';
    return { secret: rotated.secret, overlap };
  }
}
