import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AuthContracts } from '@cps/contracts';
import { rpcClientClass } from './rpc-client-class.js';
import { RpcClient } from './rpc-client.service.js';

@Injectable()
class AuthClient extends rpcClientClass(AuthContracts, ['verifyApiKey']) {}

describe('rpcClientClass', () => {
  const sent: unknown[][] = [];
  const rpc = {
    request: (...args: unknown[]) => {
      sent.push(args);
      return Promise.resolve({ answered: args[0] });
    },
  };

  @Module({ providers: [AuthClient, { provide: RpcClient, useValue: rpc }] })
  class TestModule {}

  it('gives the client a method per named contract, asking the RpcClient Nest injects', async () => {
    const app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    const client = app.get(AuthClient);
    const request = { apiKey: 'cpk_test' };

    await expect(client.verifyApiKey(request)).resolves.toEqual({ answered: AuthContracts.verifyApiKey });
    await client.verifyApiKey(request, 250);

    expect(sent).toEqual([
      [AuthContracts.verifyApiKey, request, undefined],
      [AuthContracts.verifyApiKey, request, 250],
    ]);
    expect('getTeam' in client).toBe(false);
    await app.close();
  });
});
