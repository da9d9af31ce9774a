import { ValidationPipe } from '@nestjs/common';
import { describeViolations } from '@cps/contracts';
import { SandboxError } from './sandbox-error.js';

/**
 * Bodies and queries as DTO classes. A refusal is 422 `invalid_request` naming the first bad fields, the way
 * the sandbox has always answered. `strict`: unknown fields are refused (the admin API) instead of dropped
 * (the retailer API, which like a real website ignores what it does not read).
 */
export function sandboxValidationPipe(options: { strict: boolean }): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: options.strict,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new SandboxError(422, 'invalid_request', describeViolations(errors.slice(0, 5)) || 'invalid request'),
  });
}
