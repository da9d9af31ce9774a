import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { TestPlatform, type TestTeam } from '@cps/testing';
import { call, connectionToken, enableRetailer, simulatedConnection } from './support/fixtures.js';

const newKey = () =>
  String(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));

/** Connection-token signing keys rotate by `kid` (CONNECTION_TOKEN_PRIVATE_KEY holds one or more keys). */
describe('api-gateway connection-token key rotation', () => {
  const oldKey = newKey();
  const rotatedKey = newKey();
  let platform: TestPlatform;
  let team: TestTeam;
  let connectionId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'api-gateway'],
      serviceEnv: { 'api-gateway': { CONNECTION_TOKEN_PRIVATE_KEY: oldKey } },
    });
    team = await platform.createTeam('Rotating Brand');
    await enableRetailer(platform, team, 'walmart');
    connectionId = await simulatedConnection(platform, team);
  });

  afterAll(() => platform?.stop());

  /** Restarts the gateway with these keys, newest first. */
  async function restartGatewayWith(...keys: string[]): Promise<void> {
    const gateway = platform.platform.service('api-gateway');
    await gateway.stop();
    gateway.options.env.CONNECTION_TOKEN_PRIVATE_KEY = keys.join('');
    gateway.start();
    await gateway.waitReady();
  }

  const purchasesWith = async (token: string) =>
    (await call(platform, '/purchases', { apiKey: team.apiKey, bearer: token })).status;

  it('keeps tokens of the old key valid after a rotation, and refuses them once that key is removed', async () => {
    const before = await connectionToken(platform, team, connectionId);
    expect(await purchasesWith(before)).toBe(200);
    const oldKid = decodeProtectedHeader(before).kid;

    await restartGatewayWith(rotatedKey, oldKey);
    const after = await connectionToken(platform, team, connectionId);
    const newKid = decodeProtectedHeader(after).kid;
    expect(newKid).toEqual(expect.any(String));
    expect(newKid).not.toBe(oldKid); // the first key signs
    expect(await purchasesWith(after)).toBe(200);
    expect(await purchasesWith(before)).toBe(200); // the old key still verifies what it signed

    await restartGatewayWith(rotatedKey);
    expect(await purchasesWith(after)).toBe(200);
    const refused = await call(platform, '/purchases', { apiKey: team.apiKey, bearer: before });
    expect(refused).toMatchObject({ status: 401, body: { detail: 'invalid or expired connection token' } });
  });
});
