import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, HttpException, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import { IsIn, IsInt, IsString, Min, MinLength } from 'class-validator';
import { connect } from '@nats-io/transport-node';
import { lastValueFrom } from 'rxjs';
import { ContractViolation, defineRpc, IsOmittable, type RpcRequest } from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { freePort, NatsServerProcess } from '@cps/testing';
import {
  createRpcTransport,
  MESSAGING_OPTIONS,
  RpcClient,
  RpcHandler,
  RpcPayload,
  RpcRefusal,
  type MessagingOptions,
} from '../src/index.js';

class EchoRequest {
  @IsString() @MinLength(1) text!: string;
  @IsInt() @Min(1) times?: number = 1;
  @IsOmittable() @IsIn(['refuse', 'break', 'crash', 'slow']) mode?: 'refuse' | 'break' | 'crash' | 'slow';
}

class EchoReply {
  @IsString() text!: string;
}

const echo = defineRpc('echo-service', 'echo.echo.v1', EchoRequest, EchoReply);
const unanswered = defineRpc('nobody-service', 'nobody.echo.v1', EchoRequest, EchoReply);

@Controller()
class EchoHandler {
  received: unknown[] = [];
  slow?: Promise<unknown>;

  @RpcHandler(echo)
  async echo(@RpcPayload(echo) request: RpcRequest<typeof echo>) {
    this.received.push(request);
    switch (request.mode) {
      case 'refuse':
        throw new RpcRefusal(409, 'already taken');
      case 'break':
        return { text: 42 };
      case 'crash':
        throw new Error('handler bug');
      case 'slow':
        this.slow = new Promise((resolve) => setTimeout(resolve, 600));
        await this.slow;
        return { text: 'late' };
      case undefined:
        return { text: request.text.repeat(request.times ?? 0), internal: 'not in the contract' };
    }
  }
}

@Module({
  controllers: [EchoHandler],
  providers: [{ provide: ServiceMetrics, useValue: new ServiceMetrics('rpc-test') }],
})
class EchoModule {}

const sampledEcho = defineRpc('sampled-service', 'sampled.echo.v1', EchoRequest, EchoReply);

/** Answers like EchoHandler, its replies checked by sample (development's default). */
@Controller()
class SampledEchoHandler {
  @RpcHandler(sampledEcho)
  echo(@RpcPayload(sampledEcho) request: RpcRequest<typeof sampledEcho>) {
    return request.mode === 'break' ? { text: 42 } : { text: request.text };
  }
}

@Module({
  controllers: [SampledEchoHandler],
  providers: [
    { provide: ServiceMetrics, useValue: new ServiceMetrics('rpc-sampled-test') },
    { provide: MESSAGING_OPTIONS, useValue: { checkReplies: 'sampled' } },
  ],
})
class SampledEchoModule {}

describe('request/reply over NATS with ClientProxy and RpcHandler', () => {
  let natsServer: NatsServerProcess;
  let server: INestMicroservice;
  let sampled: INestMicroservice;
  let client: RpcClient;
  let options: MessagingOptions;

  beforeAll(async () => {
    natsServer = new NatsServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'cps-nats-')));
    await natsServer.start();
    options = {
      service: 'rpctest',
      schema: 'none',
      natsUrl: natsServer.url,
      stream: 'unused',
      requestTimeoutMs: 2_000,
    };
    server = await NestFactory.createMicroservice(EchoModule, {
      transport: Transport.NATS,
      options: { servers: [natsServer.url], queue: 'echo-service' },
      logger: false,
    });
    await server.listen();
    sampled = await NestFactory.createMicroservice(SampledEchoModule, {
      transport: Transport.NATS,
      options: { servers: [natsServer.url], queue: 'sampled-service' },
      logger: false,
    });
    await sampled.listen();
    client = await RpcClient.connect(options);
  });

  afterAll(async () => {
    await client?.close();
    await sampled?.close();
    await server?.close();
    await natsServer?.stop();
  });

  const failure = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof HttpException)) throw new Error(`expected an HttpException, got ${String(error)}`);
    return { status: error.getStatus(), body: error.getResponse() };
  };

  it('answers with the reply the handler checked: defaults applied, undeclared reply fields dropped', async () => {
    const reply = await client.request(echo, { text: 'ab' });
    expect(reply).toEqual({ text: 'ab' });
    expect(await client.request(echo, { text: 'ab', times: 2 })).toEqual({ text: 'abab' });
    expect(server.get(EchoHandler).received[0]).toBeInstanceOf(EchoRequest);
  });

  it('passes a refusal on with its status and detail', async () => {
    expect(await failure(client.request(echo, { text: 'x', mode: 'refuse' }))).toEqual({
      status: 409,
      body: { detail: 'already taken' },
    });
  });

  it('turns a reply that breaks the contract, or a handler error, into a 500', async () => {
    for (const mode of ['break', 'crash'] as const) {
      expect(await failure(client.request(echo, { text: 'x', mode }))).toEqual({
        status: 500,
        body: { detail: 'internal error' },
      });
    }
  });

  it('refuses a request that breaks the contract before sending it, and at the handler with 400', async () => {
    await expect(client.request(echo, { text: '' })).rejects.toThrow(ContractViolation);
    await expect(client.request(echo, { text: '' })).rejects.toThrow(/text must be longer than or equal to 1/);
    expect(server.get(EchoHandler).received.filter((request) => (request as EchoRequest).text === '')).toEqual([]);

    const raw = createRpcTransport(options);
    try {
      const refusal = await lastValueFrom(raw.send(echo.subject, { text: '', extra: 1 })).catch(
        (error: unknown) => error,
      );
      expect(refusal).toEqual({
        status: 400,
        detail: expect.stringMatching(
          /^request breaks the contract: .*text.*extra|^request breaks the contract: .*extra.*text/,
        ),
      });
    } finally {
      await raw.close();
    }
  });

  it('turns a reply that is not JSON into a 500 at once', async () => {
    const impostor = await connect({ servers: natsServer.url });
    try {
      const broken = defineRpc('broken-service', 'broken.echo.v1', EchoRequest, EchoReply);
      impostor.subscribe(broken.subject, {
        callback: (_error, message) => {
          message.respond('not json');
        },
      });
      await impostor.flush();
      const started = Date.now();
      expect(await failure(client.request(broken, { text: 'x' }))).toEqual({
        status: 500,
        body: { detail: 'internal error' },
      });
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await impostor.close();
    }
  });

  it('fails at once with 503 when nobody answers the subject', async () => {
    const started = Date.now();
    expect(await failure(client.request(unanswered, { text: 'x' }))).toEqual({
      status: 503,
      body: { detail: 'nobody-service is unavailable; try again shortly' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('gives up with 503 when the answer takes longer than the timeout', async () => {
    const started = Date.now();
    expect(await failure(client.request(echo, { text: 'x', mode: 'slow' }, 200))).toEqual({
      status: 503,
      body: { detail: 'echo-service is unavailable; try again shortly' },
    });
    expect(Date.now() - started).toBeLessThan(550);
    await server.get(EchoHandler).slow;
  });

  it('checks the first 100 replies of a subject and then one in 100 when checks are sampled', async () => {
    const outcomes: Array<number | string> = [];
    for (let index = 1; index <= 200; index += 1) {
      const reply = await client.request(sampledEcho, { text: 'x', mode: 'break' }).then(
        (answer) => answer.text,
        (error: unknown) => (error instanceof HttpException ? error.getStatus() : String(error)),
      );
      outcomes.push(reply);
    }
    expect(outcomes.slice(0, 100)).toEqual(Array(100).fill(500));
    expect(outcomes.slice(100, 199)).toEqual(Array(99).fill(42));
    expect(outcomes[199]).toBe(500);
  });
});
