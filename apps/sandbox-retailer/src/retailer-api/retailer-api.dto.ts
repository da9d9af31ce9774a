import { z } from 'zod';

export const signInBody = z.object({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(256),
});

export const oneTimeCodeBody = z.object({
  challenge_id: z.string().min(1).max(128),
  code: z.string().regex(/^\d{6}$/, 'must be six digits'),
});

export const listOrdersQuery = z.object({
  since: z.string().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** `Authorization: Bearer <session token>`; null when absent or of another scheme. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
