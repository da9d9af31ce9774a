import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { OptOutBody } from './dto/opt-out.body.dto.js';
import { RecordOptOutUseCase } from './record-opt-out.use-case.js';

@Controller('ad-sharing')
@ApiTags('Ad sharing')
export class AdSharingController {
  constructor(private readonly recordOptOut: RecordOptOutUseCase) {}

  @Post('opt-outs')
  @Access({ apiKey: true })
  @ApiEndpoint({
    summary: 'Record an ad-sharing opt-out',
    description:
      "A shopper's request not to have purchases shared with ad platforms. At least one field; with both, " +
      '`connection_id` is used and `email` ignored. Applies from the 204 on; data already delivered is not ' +
      'retracted, and an opt-out cannot be undone through the API.',
    status: 204,
    response: null,
    errors: [404],
  })
  async create(@Caller() caller: Principal, @Body() body: OptOutBody): Promise<void> {
    await this.recordOptOut.execute(caller.teamId, body);
  }
}
