/** An OAuth error response of the token, revocation or `/oauth/me` endpoints (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }

  static invalidGrant(description: string): OAuthError {
    return new OAuthError(400, 'invalid_grant', description);
  }

  static invalidRequest(description: string): OAuthError {
    return new OAuthError(400, 'invalid_request', description);
  }

  static invalidClient(description = 'client authentication failed'): OAuthError {
    return new OAuthError(401, 'invalid_client', description);
  }
}
