import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Every rule of INTERFACE-DECISIONS.md that more than one place applies has one home. A copy of its literal
// anywhere else (source, not tests) fails here, with where it was found: use the home's name instead.
const RULES_HOME = 'libs/contracts/src/rules.ts';
const rules: Array<{ rule: string; literal: RegExp; home: string }> = [
  {
    rule: 'the public connection status (`revoked` shows as `disconnected`)',
    literal:
      /'revoked'\s*\?\s*'disconnected'|=\s*'revoked'\s+THEN\s+'disconnected'|!==\s*'disconnected'\s*&&[^\n]*!==\s*'revoked'/,
    home: RULES_HOME,
  },
  {
    rule: 'the `limit` of a list: its default and bounds',
    literal: /\blimit\s*\?\?\s*(?:50|10)\b|@Max\((?:100|50)\)\s+limit\b|\blimit\??!?\s*:\s*number\s*=\s*(?:50|10)\b/,
    home: RULES_HOME,
  },
  {
    rule: 'the link token lifetime (`expires_in_days`, default 30)',
    literal: /expires_in_days\??\s*:\s*number\s*=\s*\d+|expires_in_days\s*\?\?\s*\d+|LIFETIME_DAYS\s*=\s*\d+/,
    home: RULES_HOME,
  },
  {
    rule: 'the connection token lifetime (60 minutes)',
    literal: /CONNECTION_TOKEN_TTL_SECONDS\s*=\s*[\d_]+|ttlSeconds\s*:\s*[\d_]+/,
    home: 'apps/api-gateway/src/config.ts',
  },
  {
    rule: 'how long simulated data is kept (30 days)',
    literal: /SIMULATED_DATA_RETENTION_DAYS\s*=\s*\d+/,
    home: 'apps/sync-service/src/collection/collection.config.ts',
  },
];

// The sandboxes stand in for retailers, a loyalty program and a storefront: their own APIs have their own limits.
const OUTSIDE_THE_CONTRACT = /^apps\/sandbox-/;

function sourceFiles(root: string, dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'test', 'migrations', 'dist'].includes(entry.name)) sourceFiles(root, path, found);
    } else if (entry.name.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

describe('rule literals', () => {
  const root = process.cwd();
  const files = ['apps', 'libs', 'tools']
    .flatMap((dir) => sourceFiles(root, dir))
    .map((file) => relative(root, join(root, file)));

  it('reads the tree from the repository root', () => {
    expect(existsSync(join(root, RULES_HOME))).toBe(true);
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(rules)('$rule is written only in $home', ({ literal, home }) => {
    const elsewhere = files
      .filter((file) => file !== home && !OUTSIDE_THE_CONTRACT.test(file))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (literal.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(elsewhere).toEqual([]);
    expect(files).toContain(home);
  });
});
