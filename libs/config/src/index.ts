export {
  DevelopmentSecret,
  DevelopmentToken,
  EnvFlag,
  EnvHttpUrl,
  EnvInt,
  EnvNumber,
  EnvPort,
  EnvValue,
  parseHttpUrl,
  parseMillisecondsList,
  type DevelopmentValueTest,
  type Range,
} from './env-rules.js';
export {
  ConfigError,
  configLoader,
  loadConfig,
  parseConfig,
  type Config,
  type ConfigIssue,
  type EnvClass,
  type EnvRules,
} from './parse-config.js';
export { DEVELOPMENT_URLS } from './public-urls.js';
export {
  DEVELOPMENT_ENCRYPTION_KEY,
  EncryptionKey,
  isProduction,
  LOG_LEVELS,
  NODE_ENVS,
  ServiceEnv,
  type LogLevel,
  type NodeEnv,
} from './service-env.js';
