// Request/reply throughput of RpcClient against a Nest `@MessagePattern` handler (RpcHandler/RpcPayload)
// over a private nats-server: N sequential requests, then N requests 50 at a time. Prints figures only.
// Run after `npm run build`: `node bench/rpc/bench.mjs` (DIST=<other build>/dist compares another build).
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Controller, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';

const dist = resolve(process.env.DIST ?? 'dist');
const load = (lib) => import(pathToFileURL(`${dist}/libs/${lib}/src/index.js`).href);
const { AuthContracts } = await load('contracts');
const messaging = await load('messaging');
const { ServiceMetrics } = await load('observability');
const N = Number(process.env.N ?? 5_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);

const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => done(free));
  });
});
const natsServer = spawn(
  'nats-server',
  ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', mkdtempSync(join(tmpdir(), 'cps-bench-nats-'))],
  { stdio: 'ignore' },
);
await new Promise((done) => setTimeout(done, 300));
const natsUrl = `nats://127.0.0.1:${port}`;
Logger.overrideLogger(false);

const contract = AuthContracts.getTeam;
class BenchHandler {
  getTeam(request) {
    return { team_id: request.teamId, name: 'Bench' };
  }
}
const descriptor = Object.getOwnPropertyDescriptor(BenchHandler.prototype, 'getTeam');
messaging.RpcPayload(contract)(BenchHandler.prototype, 'getTeam', 0);
Reflect.defineMetadata('design:paramtypes', [Object], BenchHandler.prototype, 'getTeam');
messaging.RpcHandler(contract)(BenchHandler.prototype, 'getTeam', descriptor);
Controller()(BenchHandler);
class BenchModule {}
Module({
  controllers: [BenchHandler],
  providers: [{ provide: ServiceMetrics, useValue: new ServiceMetrics('bench') }],
})(BenchModule);

const server = await NestFactory.createMicroservice(BenchModule, {
  transport: Transport.NATS,
  options: { servers: [natsUrl], queue: 'bench' },
  logger: false,
});
await server.listen();

const options = { service: 'bench', schema: 'none', natsUrl, stream: 'unused', requestTimeoutMs: 5_000 };
let client;
let close;
if (typeof messaging.RpcClient.connect === 'function') {
  client = await messaging.RpcClient.connect(options);
  close = () => client.close();
} else {
  const nats = new messaging.NatsConnectionService(options);
  await nats.connect();
  client = new messaging.RpcClient(nats, options);
  close = () => nats.onApplicationShutdown();
}

const call = async (i, latencies) => {
  const started = performance.now();
  const reply = await client.request(contract, { teamId: `team_${i}` });
  latencies.push(performance.now() - started);
  if (reply.team_id !== `team_${i}`) throw new Error('wrong reply');
};
const percentile = (values, p) =>
  values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function measure(name, run) {
  const latencies = [];
  const started = performance.now();
  await run(latencies);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${name}: ${Math.round(N / seconds)} req/s, p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms`,
  );
}

for (let i = 0; i < 200; i += 1) await call(i, []); // warm-up
await measure(`${N} sequential`, async (latencies) => {
  for (let i = 0; i < N; i += 1) await call(i, latencies);
});
await measure(`${N} at ${CONCURRENCY} concurrent`, async (latencies) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) await call(next++, latencies);
    }),
  );
});
const started = performance.now();
await client.request(AuthContracts.createTeam, { name: 'nobody answers' }).catch((error) => {
  console.log(`no responder: ${error.getStatus?.()} after ${(performance.now() - started).toFixed(1)} ms`);
});

await close();
await server.close();
natsServer.kill();
