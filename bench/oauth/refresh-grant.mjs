// Refresh-grant throughput and latency of a running auth-server. No assertions: it prints numbers.
//
//   npm run build && node bench/oauth/refresh-grant.mjs
//
// Environment: AUTH_URL (default http://localhost:3001, must be the server's AUTH_ISSUER), BASE_URL (its
// PUBLIC_BASE_URL, default http://localhost:3000), NATS_URL (default nats://127.0.0.1:4222),
// INSTALLATIONS (default 20), REFRESHES (per installation, default 50). Each installation refreshes in a
// chain (always the newest token, as clients must); installations run in parallel. Talks only to the
// given local addresses and stops by itself.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AdminClient } from '../../dist/tools/index.js';

const AUTH_URL = (process.env.AUTH_URL ?? 'http://localhost:3001').replace(/\/$/, '');
const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const INSTALLATIONS = Math.min(Number(process.env.INSTALLATIONS ?? 20), 200);
const REFRESHES = Math.min(Number(process.env.REFRESHES ?? 50), 1000);
const REDIRECT_URI = 'http://127.0.0.1:9/bench-callback';

/** The browser part of the flow, over plain HTTP with a cookie jar. */
async function authorize(clientId, user) {
  const cookies = new Map();
  const send = async (url, init = {}) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url.startsWith('/') ? `${AUTH_URL}${url}` : url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { location: response.headers.get('location'), body: await response.text() };
  };
  const follow = async (step) => {
    while (step.location && !step.location.startsWith(REDIRECT_URI)) step = await send(step.location);
    return step;
  };
  const post = (action, form) =>
    send(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const field = (body, name) => new RegExp(`name="${name}" value="([^"]+)"`).exec(body)?.[1];
  const action = (body) => /<form method="post" action="([^"]+)"/.exec(body)?.[1];

  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${AUTH_URL}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    resource: BASE_URL,
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  let step = await follow(await send(url.toString()));
  if (!action(step.body)) throw new Error(`no sign-in page: ${step.body.slice(0, 200)}`);
  step = await follow(await post(action(step.body), { csrf: field(step.body, 'csrf'), ...user }));
  step = await follow(
    await post(action(step.body), {
      csrf: field(step.body, 'csrf'),
      team: field(step.body, 'team'),
      decision: 'allow',
    }),
  );
  return { code: new URL(step.location).searchParams.get('code'), verifier };
}

async function token(basic, form) {
  const started = performance.now();
  const response = await fetch(`${AUTH_URL}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const admin = await AdminClient.connect(NATS_URL);
try {
  const { team_id: owner } = await admin.createTeam('bench partner');
  const app = await admin.createPartnerApp(owner, 'Bench App', [REDIRECT_URI]);
  const basic = `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64')}`;
  const chains = [];
  for (let i = 0; i < INSTALLATIONS; i += 1) {
    const { team_id } = await admin.createTeam(`bench brand ${i}`);
    const user = { email: `bench-${Date.now()}-${i}@bench.test`, password: 'bench password 1' };
    await admin.createUser(user.email, user.password, [team_id]);
    const { code, verifier } = await authorize(app.client_id, user);
    const exchanged = await token(basic, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    if (exchanged.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(exchanged.body)}`);
    chains.push(exchanged.body.refresh_token);
  }

  const latencies = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    chains.map(async (first) => {
      let current = first;
      for (let i = 0; i < REFRESHES; i += 1) {
        const answer = await token(basic, { grant_type: 'refresh_token', refresh_token: current });
        latencies.push(answer.ms);
        if (answer.status !== 200) {
          failures += 1;
          return;
        }
        current = answer.body.refresh_token;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  console.log(`refresh_token grant against ${AUTH_URL}`);
  console.log(`  installations (parallel chains): ${INSTALLATIONS}, refreshes each: ${REFRESHES}`);
  console.log(`  requests: ${latencies.length}, failures: ${failures}, wall time: ${seconds.toFixed(2)} s`);
  console.log(`  throughput: ${(latencies.length / seconds).toFixed(1)} refreshes/s`);
  console.log(
    `  latency: p50 ${fmt(percentile(latencies, 50))}, p90 ${fmt(percentile(latencies, 90))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(latencies.at(-1))}`,
  );
} finally {
  await admin.close();
  process.exit();
}
