import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { AdOptOutRepository } from './ad-opt-out.repository.js';
import { optOutEmailHash } from './opt-out-email-hash.js';

/**
 * POST /ad-sharing/opt-outs (the gateway resolves a connection_id to its email first). Applies from now
 * on; irreversible; recording the same email again is a success that changes nothing.
 */
@Injectable()
export class RecordAdOptOutUseCase {
  constructor(
    private readonly optOuts: AdOptOutRepository,
    private readonly clock: Clock,
  ) {}

  async execute(teamId: string, email: string): Promise<{ recorded: true }> {
    const emailHash = optOutEmailHash(email);
    if (emailHash === null) {
      throw new RpcRefusal(422, [
        { loc: ['body', 'email'], msg: 'an email address is required', type: 'value_error', input: email },
      ]);
    }
    await this.optOuts.record(teamId, emailHash, this.clock.now());
    return { recorded: true };
  }
}
