import { applyDecorators, createParamDecorator, UseGuards, type ExecutionContext } from '@nestjs/common';
import { type ApiCaller } from './api-caller.js';
import { ApiKeyGuard, type AuthenticatedRequest } from './api-key.guard.js';

/** The route (or every route of the controller) needs an API key. */
export const RequireApiKey = () => applyDecorators(UseGuards(ApiKeyGuard));

/** The authenticated caller; only on routes behind RequireApiKey. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): ApiCaller => {
  const caller = context.switchToHttp().getRequest<AuthenticatedRequest>().apiCaller;
  if (!caller) throw new Error('@Caller() used on a route without RequireApiKey()');
  return caller;
});
