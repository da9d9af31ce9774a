import { Injectable, NotFoundException } from '@nestjs/common';
import { normalizeOptOutEmail } from '@cps/domain';
import { EventsClient } from '../clients/events.client.js';
import { SyncClient } from '../clients/sync.client.js';
import { RequestValidationException } from '../http/validation-error.js';
import { type OptOutBody } from './dto/opt-out.body.dto.js';

/**
 * Records a shopper's ad-sharing opt-out for the team. With `connection_id` the connection's email is used
 * (a connection that is unknown, another team's or simulated is 404; one without an email is 422);
 * otherwise the given email. Matching ignores case and surrounding whitespace, so the email is stored
 * trimmed and lower-cased.
 */
@Injectable()
export class RecordOptOutUseCase {
  constructor(
    private readonly sync: SyncClient,
    private readonly events: EventsClient,
  ) {}

  async execute(teamId: string, body: OptOutBody): Promise<void> {
    const email = body.connection_id
      ? await this.emailOfConnection(teamId, body.connection_id)
      : normalizeOptOutEmail(body.email ?? '');
    if (!email) {
      // The schema already refuses a blank email; this keeps the invariant visible.
      throw new RequestValidationException([{ type: 'missing', loc: ['body', 'email'], msg: 'Field required' }]);
    }
    await this.events.recordAdOptOut({ teamId, email });
  }

  private async emailOfConnection(teamId: string, connectionId: string): Promise<string> {
    const connection = await this.sync.getConnection({ teamId, connectionId });
    if (connection.is_simulated) throw new NotFoundException({ detail: 'connection not found' });
    const email = connection.email ? normalizeOptOutEmail(connection.email) : null;
    if (!email) {
      throw new RequestValidationException([
        {
          type: 'value_error',
          loc: ['body', 'connection_id'],
          msg: 'Value error, the connection has no usable email',
          input: connectionId,
          ctx: { error: 'the connection has no usable email' },
        },
      ]);
    }
    return email;
  }
}
