import { EventsContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { RecordAdOptOutUseCase } from './record-ad-opt-out.use-case.js';

export const AdOptOutsHandler = rpcHandlers('AdOptOutsHandler', [
  answer(EventsContracts.recordAdOptOut, RecordAdOptOutUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.email),
  ),
]);
