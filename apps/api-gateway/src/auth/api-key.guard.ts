import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';
import { type ApiCaller } from './api-caller.js';
import { AuthenticateApiKeyUseCase } from './authenticate-api-key.use-case.js';

export type AuthenticatedRequest = Request & { apiCaller?: ApiCaller };

/** Requires a valid `X-Api-Key` (header names are case-insensitive in Node) and records the caller. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly authenticate: AuthenticateApiKeyUseCase) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers['x-api-key'];
    const apiKey = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!apiKey) throw new UnauthorizedException({ detail: 'missing API key' });
    const caller = await this.authenticate.execute(apiKey);
    if (!caller) throw new UnauthorizedException({ detail: 'invalid API key' });
    request.apiCaller = caller;
    return true;
  }
}
