import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { OAuthSettings } from '../oauth-settings.js';

/**
 * RFC 8414 metadata. For an issuer with a path (`https://host/auth`) the well-known segment goes between
 * host and path (`/.well-known/oauth-authorization-server/auth`); for ours, at the root, it is the bare path.
 */
@Controller()
export class MetadataController {
  constructor(private readonly settings: OAuthSettings) {}

  @Get('.well-known/oauth-authorization-server{/*issuerPath}')
  @Header('Cache-Control', 'public, max-age=300')
  metadata(@Param('issuerPath') issuerPath: string[] | string | undefined) {
    const issuer = this.settings.issuer;
    const suffix = issuerPath === undefined ? '' : `/${([] as string[]).concat(issuerPath).join('/')}`;
    if (suffix !== new URL(issuer).pathname.replace(/\/$/, '')) throw new NotFoundException();
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      // Partner apps authenticate with HTTP Basic; data-query connectors are public clients (PKCE).
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
      registration_endpoint: `${issuer}/oauth/register`,
      client_id_metadata_document_supported: true,
      scopes_supported: [...new Set([...AuthContracts.PARTNER_SCOPES, ...AuthContracts.CONNECTOR_SCOPES])],
      authorization_response_iss_parameter_supported: true,
    };
  }
}
