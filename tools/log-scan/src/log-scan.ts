import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where TestPlatform writes every service's log lines during a test run (one file per process). */
const TEST_LOG_DIR = resolve(import.meta.dirname, '../../../../.data/test-logs');

interface Rule {
  name: string;
  pattern: RegExp;
}

/**
 * What must never appear in a log line: the platform's own secret formats, bearer credentials, and secret-named
 * JSON fields or query parameters with a value that is not the redaction marker.
 */
const RULES: Rule[] = [
  { name: 'API key', pattern: /cpk_[A-Za-z0-9_-]{20,}/ },
  { name: 'link token', pattern: /\blt_[A-Za-z0-9_-]{20,}/ },
  { name: 'partner refresh token', pattern: /cprt_[A-Za-z0-9_-]{16,}/ },
  { name: 'partner client secret', pattern: /cpas_[A-Za-z0-9_-]{16,}/ },
  { name: 'webhook secret', pattern: /whsec_[A-Za-z0-9+/=]{16,}/ },
  { name: 'JWT', pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/ },
  { name: 'bearer credential', pattern: /bearer\s+(?!\[Redacted\])[A-Za-z0-9._~+/-]{16,}/i },
  {
    name: 'secret-named field',
    pattern:
      /"(?:password|secret|client_secret|api_key|apiKey|token|access_token|refresh_token|link_token|linkToken|connection_token|code_verifier)"\s*:\s*"(?!\[Redacted\]")[^"]+"/,
  },
  { name: 'one-time code', pattern: /"(?:code|one_time_code|otp)"\s*:\s*"?\d{6}\b/ },
  {
    name: 'secret query parameter',
    pattern:
      /[?&](?:link_token|token|access_token|refresh_token|code|code_verifier|client_secret|password)=(?!\[Redacted\]|&|$)[^&\s"]{4,}/,
  },
];

interface Finding {
  file: string;
  line: number;
  rule: string;
  /** The match with all but its first 6 characters masked, so the report itself leaks nothing. */
  excerpt: string;
}

export function scanText(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of RULES) {
      const match = rule.pattern.exec(line);
      if (match) findings.push({ file, line: index + 1, rule: rule.name, excerpt: `${match[0].slice(0, 6)}…` });
    }
  });
  return findings;
}

function scanDirectory(dir: string): { files: number; lines: number; findings: Finding[] } {
  let files = 0;
  let lines = 0;
  const findings: Finding[] = [];
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.log'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    files += 1;
    lines += text.split('\n').length - 1;
    findings.push(...scanText(name, text));
  }
  return { files, lines, findings };
}

function main(argv: string[]): number {
  if (argv.includes('--clear')) {
    rmSync(TEST_LOG_DIR, { recursive: true, force: true });
    mkdirSync(TEST_LOG_DIR, { recursive: true });
    return 0;
  }
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const { files, lines, findings } = scanDirectory(TEST_LOG_DIR);
  for (const finding of findings.slice(0, 50)) {
    console.error(`${finding.file}:${finding.line}: ${finding.rule} (${finding.excerpt})`);
  }
  console.log(`log scan: ${files} service logs, ${lines} lines, ${findings.length} findings`);
  if (files === 0) {
    console.error('log scan: no service logs captured; run the integration tests first');
    return 1;
  }
  return findings.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  process.exit(main(process.argv.slice(2)));
