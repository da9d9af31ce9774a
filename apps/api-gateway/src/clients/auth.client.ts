import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { rpcClientClass } from '@cps/messaging';

/** auth-server as the gateway asks it (`auth.*.v1`). */
@Injectable()
export class AuthClient extends rpcClientClass(AuthContracts, ['verifyApiKey', 'getTeam']) {}
