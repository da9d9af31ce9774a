import { HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { HttpExceptionWithHeaders } from '../http/error-response.js';

/** 401 `{detail}`; token failures add `WWW-Authenticate: Bearer ...` (RFC 6750). */
export function unauthorized(detail: string, bearer?: { error?: 'invalid_token'; description?: string }) {
  const headers: Record<string, string> = {};
  if (bearer) {
    const params = bearer.error ? `, error="${bearer.error}", error_description="${bearer.description ?? detail}"` : '';
    headers['WWW-Authenticate'] = `Bearer realm="api"${params}`;
  }
  return new HttpExceptionWithHeaders({ detail }, HttpStatus.UNAUTHORIZED, headers);
}

/** 403 `insufficient_scope` (seed: Authentication; ADR 0004). */
export function insufficientScope(scope: string) {
  return new HttpExceptionWithHeaders(
    { detail: `this request needs the scope ${scope}`, error: 'insufficient_scope' },
    HttpStatus.FORBIDDEN,
    { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
  );
}

export function authServerUnavailable() {
  return new ServiceUnavailableException({ detail: 'auth-server is unavailable; try again shortly' });
}

/** Cheap shape check before any cryptography: three base64url segments, bounded length. */
export function looksLikeJwt(token: string): boolean {
  return token.length <= 8192 && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}
