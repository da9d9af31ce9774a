import { Controller } from '@nestjs/common';
import { EventsContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { RecordAdOptOutUseCase } from './record-ad-opt-out.use-case.js';

@Controller()
export class AdOptOutsHandler {
  constructor(private readonly recordAdOptOut: RecordAdOptOutUseCase) {}

  @RpcHandler(EventsContracts.recordAdOptOut)
  record(@RpcPayload(EventsContracts.recordAdOptOut) request: RpcRequest<typeof EventsContracts.recordAdOptOut>) {
    return this.recordAdOptOut.execute(request.teamId, request.email);
  }
}
