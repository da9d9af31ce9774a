import { IsOptional } from 'class-validator';
import {
  type Config,
  type ConfigIssue,
  configLoader,
  DEVELOPMENT_URLS,
  EnvHttpUrl,
  EnvInt,
  EnvPort,
  EnvValue,
  ServiceEnv,
} from '@cps/config';

class McpServerEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3003;

  /** `{mcp_url}`: the MCP endpoint as clients reach it; the audience of connector tokens and the RFC 9728 resource. */
  @EnvHttpUrl()
  MCP_PUBLIC_URL = DEVELOPMENT_URLS.MCP_PUBLIC_URL;

  /** `{base_url}`: the REST API (absolute image and link URLs of `get_retailers`, as `GET /retailers` shows them). */
  @EnvHttpUrl()
  PUBLIC_BASE_URL = DEVELOPMENT_URLS.PUBLIC_BASE_URL;

  /** The authorization server (`iss` of access tokens; named in the protected-resource metadata). */
  @EnvHttpUrl()
  AUTH_ISSUER = DEVELOPMENT_URLS.AUTH_ISSUER;

  /** Where its signing keys are published; default `${AUTH_ISSUER}/jwks`. */
  @IsOptional()
  @EnvHttpUrl()
  AUTH_JWKS_URL!: string;

  /** `ask` calls a connector may make in a minute (seed: 60). */
  @EnvInt({ min: 1, max: 100_000 })
  MCP_QUERIES_PER_MINUTE = 60;

  /**
   * Optional OpenAI-compatible endpoint (`…/v1`) that translates the questions the built-in grammar cannot.
   * Unset: off. Its SQL goes through the same checks as the grammar's.
   */
  @IsOptional()
  @EnvHttpUrl()
  ASK_MODEL_URL?: string;

  @IsOptional()
  @EnvValue((raw) => raw)
  ASK_MODEL_NAME?: string;

  @IsOptional()
  @EnvValue((raw) => raw)
  ASK_MODEL_API_KEY?: string;

  validate(): ConfigIssue[] {
    return new URL(this.MCP_PUBLIC_URL).pathname === '/mcp'
      ? []
      : [{ variable: 'MCP_PUBLIC_URL', reason: 'must end in /mcp (the path the server answers at)' }];
  }

  derive(): void {
    this.AUTH_JWKS_URL ??= `${this.AUTH_ISSUER}/jwks`;
  }
}

export const loadAppConfig = configLoader(McpServerEnv);
export type McpConfig = Config<McpServerEnv>;

/** Injection token of the configuration. */
export const MCP_CONFIG = Symbol('MCP_CONFIG');
