import { Injectable } from '@nestjs/common';
import { MatchingContracts } from '@cps/contracts';
import { rpcClientClass } from '@cps/messaging';

/** matching-service as the gateway asks it (`matching.*.v1`). */
@Injectable()
export class MatchingClient extends rpcClientClass(MatchingContracts, [
  'getPurchaseMatches',
  'upsertProducts',
  'listProducts',
  'getProduct',
  'deleteProduct',
]) {}
