import { validate } from 'dockerfile-utils';
import { read } from './repo.js';

const dockerfile = read('docker/Dockerfile');
/** Instructions with their continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const stages = instructions.filter((instruction) => instruction.keyword === 'FROM');
const runtime = instructions.slice(instructions.lastIndexOf(stages[stages.length - 1]));
const nodeImage = /ARG NODE_IMAGE=(\S+)/.exec(dockerfile)?.[1];

describe('docker/Dockerfile', () => {
  it('has no errors or warnings from dockerfile-utils', () => {
    const problems = validate(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
    expect(problems).toEqual([]);
  });

  it('builds from a pinned node 22 bookworm-slim tag, never latest', () => {
    expect(nodeImage).toMatch(/^node:22\.\d+\.\d+-bookworm-slim$/);
    for (const stage of stages) expect(stage.args).toMatch(/^\$\{NODE_IMAGE\} AS [a-z]+$/);
    expect(dockerfile).not.toMatch(/:latest\b/);
  });

  it('compiles with npm ci + npm run build (no single-node host bundle) and installs production dependencies with npm ci --omit=dev', () => {
    const runs = instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs).toEqual(expect.arrayContaining([expect.stringMatching(/^npm ci\b(?!.*--omit)/)]));
    expect(runs).toContain('CPS_HOST_BUNDLE=0 npm run build');
    expect(runs.some((run) => /npm ci --omit=dev/.test(run))).toBe(true);
    expect(runs.some((run) => /docker\/assemble-app\.mjs "\$\{APP\}"/.test(run))).toBe(true);
  });

  it('runs as a numeric non-root user with a health check, OCI labels and the migrate-capable entry point', () => {
    const user = runtime.find((i) => i.keyword === 'USER');
    expect(user?.args).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    expect(runtime.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain('/healthz');
    const labels = runtime
      .filter((i) => i.keyword === 'LABEL')
      .map((i) => i.args)
      .join(' ');
    for (const label of ['title', 'version', 'revision', 'source'])
      expect(labels).toContain(`org.opencontainers.image.${label}=`);
    const entrypoint = runtime.find((i) => i.keyword === 'ENTRYPOINT')?.args;
    expect(JSON.parse(entrypoint ?? 'null')).toEqual(['tini', '--', 'node', 'dist/main.js']);
    expect(runtime.some((i) => i.keyword === 'CMD')).toBe(false); // `docker run <image> migrate` passes through
    expect(runtime.some((i) => i.keyword === 'ENV' && /NODE_ENV=production/.test(i.args))).toBe(true);
  });

  it('never ADDs (no remote URLs, no archives unpacked by surprise) and pins apt packages', () => {
    expect(instructions.filter((i) => i.keyword === 'ADD')).toEqual([]);
    for (const run of instructions.filter((i) => i.keyword === 'RUN' && /apt-get install/.test(i.args))) {
      expect(run.args).toMatch(/--no-install-recommends/);
      for (const pkg of run.args
        .split('install')[1]
        .split('&&')[0]
        .split(/\s+/)
        .filter((w) => w && !w.startsWith('-')))
        expect(pkg).toMatch(/=/);
      expect(run.args).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
    }
  });

  it('keeps node_modules, dist, local data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', '.data', '.git', '.env']) expect(ignored).toContain(entry);
  });
});
