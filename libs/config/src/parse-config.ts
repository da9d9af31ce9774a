import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import { developmentSecretsOf } from './env-rules.js';
import { isProduction } from './service-env.js';

/** One bad variable and why, e.g. `{ variable: 'PORT', reason: 'must not be greater than 65535' }`. */
export interface ConfigIssue {
  variable: string;
  reason: string;
}

/** Optional steps an env class may define besides its property rules. */
export interface EnvRules {
  /** Rules across variables, or about production; runs after every variable's own rules. */
  validate?(production: boolean): ConfigIssue[];
  /** Defaults computed from other variables (e.g. a URL from another); runs once everything is valid. */
  derive?(): void;
}

export type EnvClass<T extends object> = new () => T;

/** The configuration object a service reads: the env class's variables, as plain data. */
export type Config<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };

export class ConfigError extends Error {
  constructor(readonly issues: ConfigIssue[]) {
    super(`invalid configuration: ${issues.map(({ variable, reason }) => `${variable} ${reason}`).join('; ')}`);
  }
}

/**
 * Parses the environment into an env class (its property rules, production's refusal of development
 * secrets, then its `validate()`); throws a ConfigError whose one-line message names every bad variable.
 * `X_FILE=/path` reads variable X from that file (Kubernetes secret mounts).
 */
export function parseConfig<T extends object>(envClass: EnvClass<T>, env: NodeJS.ProcessEnv = process.env): Config<T> {
  const variables = variablesOf(envClass);
  const issues: ConfigIssue[] = [];
  const raw = readVariables(variables, env, issues);
  const production = isProduction(raw.NODE_ENV ?? env.NODE_ENV);

  const config = plainToInstance(envClass, raw);
  const errors = validateSync(config, {
    stopAtFirstError: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
  });
  for (const error of errors.sort((a, b) => variables.indexOf(a.property) - variables.indexOf(b.property))) {
    const message = Object.values(error.constraints ?? {})[0] ?? 'is invalid';
    const reason = message.startsWith(`${error.property} `) ? message.slice(error.property.length + 1) : message;
    report(issues, error.property, reason);
  }

  if (production) {
    const defaults = new envClass() as Record<string, unknown>;
    for (const { variable, isDevelopmentValue } of developmentSecretsOf(envClass)) {
      if (issues.some((issue) => issue.variable === variable)) continue; // an invalid value is not tested further
      const value = (config as Record<string, unknown>)[variable];
      if (raw[variable] === undefined) report(issues, variable, 'is required in production');
      else if (isDevelopmentValue ? isDevelopmentValue(value) : isDeepStrictEqual(value, defaults[variable])) {
        report(issues, variable, 'is the public development value, refused in production');
      }
    }
  }

  const rules = config as EnvRules;
  for (const issue of rules.validate?.(production) ?? []) report(issues, issue.variable, issue.reason);
  if (issues.length > 0) throw new ConfigError(issues);
  rules.derive?.();
  return { ...config } as Config<T>;
}

/** Like parseConfig, but a bad environment stops the process with a one-line reason on stderr (exit code 78). */
export function loadConfig<T extends object>(envClass: EnvClass<T>, env: NodeJS.ProcessEnv = process.env): Config<T> {
  try {
    return parseConfig(envClass, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
}

/**
 * A service's `loadAppConfig`: the configuration read from `env` when the service starts (a bad environment stops it,
 * code 78).
 */
export function configLoader<T extends object>(envClass: EnvClass<T>): (env?: NodeJS.ProcessEnv) => Config<T> {
  return (env = process.env) => loadConfig(envClass, env);
}

/** One reason per variable (the first), each on one line. */
function report(issues: ConfigIssue[], variable: string, reason: string): void {
  if (issues.some((issue) => issue.variable === variable)) return;
  issues.push({ variable, reason: reason.replace(/\s*[\r\n]+\s*/g, ' ') });
}

/** The variables an env class reads (every property with a rule), base class first, in declaration order. */
function variablesOf(envClass: EnvClass<object>): string[] {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(envClass, '', true, false);
  const chain: unknown[] = [];
  for (let type: unknown = envClass; typeof type === 'function' && type !== Function.prototype;) {
    chain.unshift(type);
    type = Object.getPrototypeOf(type);
  }
  const ordered = chain.flatMap((type) => metadatas.filter((metadata) => metadata.target === type));
  return [...new Set(ordered.map((metadata) => metadata.propertyName))];
}

/** The set variables among `variables`, each from `X` or from the file named by `X_FILE` (not both). */
function readVariables(variables: string[], env: NodeJS.ProcessEnv, issues: ConfigIssue[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const variable of variables) {
    const file = env[`${variable}_FILE`];
    const value = env[variable];
    if (file === undefined) {
      if (value !== undefined) raw[variable] = value;
    } else if (value !== undefined) {
      report(issues, variable, `and ${variable}_FILE are both set; set only one`);
    } else {
      try {
        raw[variable] = readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        report(issues, variable, `cannot be read from ${variable}_FILE (${code})`);
      }
    }
  }
  return raw;
}
