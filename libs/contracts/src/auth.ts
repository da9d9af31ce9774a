import { z } from 'zod';
import { defineEvent, defineRpc } from './contract.js';

const SERVICE = 'auth-server';

export const verifyApiKey = defineRpc(
  SERVICE,
  'auth.verify-api-key.v1',
  z.object({ apiKey: z.string().min(1).max(256) }),
  z.discriminatedUnion('valid', [
    z.object({
      valid: z.literal(true),
      keyId: z.string(),
      teamId: z.string(),
      keyName: z.string(),
    }),
    z.object({ valid: z.literal(false) }),
  ]),
);

export const createTeam = defineRpc(
  SERVICE,
  'auth.create-team.v1',
  z.object({ name: z.string().trim().min(1).max(200) }),
  z.object({ team_id: z.string() }),
);

export const createApiKey = defineRpc(
  SERVICE,
  'auth.create-api-key.v1',
  z.object({
    teamId: z.string().min(1),
    name: z.string().trim().min(1).max(200),
  }),
  z.object({ key_id: z.string(), api_key: z.string() }),
);

export const revokeApiKey = defineRpc(
  SERVICE,
  'auth.revoke-api-key.v1',
  z.object({ keyId: z.string().min(1) }),
  z.object({ key_id: z.string(), revoked_at: z.iso.datetime() }),
);

export const createUser = defineRpc(
  SERVICE,
  'auth.create-user.v1',
  z.object({
    email: z.email().max(254),
    password: z.string().min(8).max(256),
    teamIds: z.array(z.string().min(1)).min(1),
  }),
  z.object({ user_id: z.string() }),
);

export const apiKeyRevoked = defineEvent(
  'auth.api-key.revoked.v1',
  z.object({ keyId: z.string(), teamId: z.string() }),
);
