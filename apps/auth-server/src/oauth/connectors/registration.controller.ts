import { randomBytes } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { sha256 } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { type Request, type Response } from 'express';
import { redirectUrisProblem } from '../redirect-uri-policy.js';
import { ConnectorClientRepository } from './connector-client.repository.js';

/** Registrations one client address may make an hour. */
export const REGISTRATIONS_PER_HOUR = 20;
const MAX_NAME_LENGTH = 200;

type Metadata = Record<string, unknown>;

class RegistrationError extends Error {
  constructor(
    readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata',
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * RFC 7591 Dynamic Client Registration for data-query connectors (MCP clients): public clients
 * (`token_endpoint_auth_method: none`) using the authorization code grant with PKCE. Open registration, rate
 * limited per client address; a client that never completes an authorization is deleted after a day.
 */
@Controller('oauth')
export class RegistrationController {
  constructor(
    private readonly clients: ConnectorClientRepository,
    private readonly clock: Clock,
  ) {}

  @Post('register')
  @HttpCode(201)
  async register(@Req() req: Request, @Res() res: Response, @Body() body: unknown): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    if (!req.is('application/json') || typeof body !== 'object' || body === null || Array.isArray(body)) {
      res.status(400).json({ error: 'invalid_client_metadata', error_description: 'the body must be a JSON object' });
      return;
    }
    const now = this.clock.now();
    const source = sha256(`connector-registration:${req.ip ?? 'unknown'}`);
    if (
      (await this.clients.countRegisteredSince(source, new Date(now.getTime() - 3600_000))) >= REGISTRATIONS_PER_HOUR
    ) {
      res
        .status(429)
        .setHeader('Retry-After', '3600')
        .json({
          error: 'invalid_client_metadata',
          error_description: `at most ${REGISTRATIONS_PER_HOUR} registrations an hour from one address`,
        });
      return;
    }
    try {
      const metadata = checkMetadata(body as Metadata);
      const clientId = `mcpc_${randomBytes(16).toString('base64url')}`;
      await this.clients.save({ clientId, kind: 'registered', ...metadata }, source, now);
      res.status(201).json({
        client_id: clientId,
        client_id_issued_at: Math.floor(now.getTime() / 1000),
        client_name: metadata.name,
        redirect_uris: metadata.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      });
    } catch (error) {
      if (!(error instanceof RegistrationError)) throw error;
      res.status(400).json({ error: error.error, error_description: error.description });
    }
  }
}

/** The metadata a connector may register; refuses what a public code-flow client cannot have. */
export function checkMetadata(body: Metadata): { name: string; redirectUris: string[] } {
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || !uris.every((uri): uri is string => typeof uri === 'string')) {
    throw new RegistrationError('invalid_redirect_uri', 'redirect_uris must be an array of strings');
  }
  const problem = redirectUrisProblem(uris);
  if (problem) throw new RegistrationError('invalid_redirect_uri', problem);
  const method = body.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') {
    throw new RegistrationError(
      'invalid_client_metadata',
      'connectors are public clients: token_endpoint_auth_method must be none',
    );
  }
  const grants = body.grant_types ?? ['authorization_code'];
  if (!Array.isArray(grants) || grants.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token')) {
    throw new RegistrationError(
      'invalid_client_metadata',
      'grant_types may hold authorization_code and refresh_token only',
    );
  }
  const responses = body.response_types ?? ['code'];
  if (!Array.isArray(responses) || responses.some((type) => type !== 'code')) {
    throw new RegistrationError('invalid_client_metadata', 'response_types must be [code]');
  }
  const name = body.client_name ?? 'MCP connector';
  if (typeof name !== 'string' || !name.trim() || name.length > MAX_NAME_LENGTH) {
    throw new RegistrationError('invalid_client_metadata', `client_name must be 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return { name: name.trim(), redirectUris: uris };
}
