import { type TestPlatform, type TestTeam } from '@cps/testing';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Body = any;

export interface ApiCall {
  method?: string;
  apiKey?: string;
  body?: unknown;
  headers?: Record<string, string>;
  bearer?: string;
}

/** platform.api with a Bearer token and the body typed loosely (tests look into it). */
export async function call(
  platform: TestPlatform,
  path: string,
  init: ApiCall = {},
): Promise<{ status: number; body: Body; headers: Headers }> {
  const headers = { ...init.headers, ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}) };
  return platform.api(path, { method: init.method, apiKey: init.apiKey, body: init.body, headers });
}

export async function enableRetailer(platform: TestPlatform, team: TestTeam, retailerId: string): Promise<void> {
  const response = await call(platform, `/retailers/${retailerId}`, {
    method: 'PATCH',
    apiKey: team.apiKey,
    body: { enabled: true },
  });
  if (response.status !== 200)
    throw new Error(`enable ${retailerId}: ${response.status} ${JSON.stringify(response.body)}`);
}

export async function simulatedConnection(
  platform: TestPlatform,
  team: TestTeam,
  body: Record<string, unknown> = {},
): Promise<string> {
  const response = await call(platform, '/simulated-connections', {
    method: 'POST',
    apiKey: team.apiKey,
    body: { retailer_id: 'walmart', email: 'sim@example.com', include_purchases: false, ...body },
  });
  if (response.status !== 201)
    throw new Error(`simulated connection: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.connection_id as string;
}

export async function simulatedPurchase(platform: TestPlatform, team: TestTeam, connectionId: string): Promise<Body> {
  const response = await call(platform, `/simulated-connections/${connectionId}/purchases`, {
    method: 'POST',
    apiKey: team.apiKey,
  });
  if (response.status !== 201)
    throw new Error(`simulated purchase: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function connectionToken(platform: TestPlatform, team: TestTeam, connectionId: string): Promise<string> {
  const response = await call(platform, `/connections/${connectionId}/token`, {
    method: 'POST',
    apiKey: team.apiKey,
    body: { scope: 'access' },
  });
  if (response.status !== 200) throw new Error(`connection token: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.connection_token as string;
}
