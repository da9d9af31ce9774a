import { Catch, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { type Response } from 'express';
import { InputRefused } from '@cps/platform';

/**
 * MCP clients read JSON-RPC: input the platform's firewall refuses (a NUL byte or a lone surrogate in a tool's
 * arguments, JSON nested too deep) is a JSON-RPC "invalid params" error with HTTP 400, as the SDK's transport answers
 * a malformed message. Other errors keep Nest's handling.
 */
@Catch()
export class McpErrorFilter extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof InputRefused && host.getType() === 'http') {
      const response = host.switchToHttp().getResponse<Response>();
      if (!response.headersSent) {
        response
          .status(exception.getStatus() === 422 ? 400 : exception.getStatus())
          .json({ jsonrpc: '2.0', error: { code: -32602, message: exception.message }, id: null });
        return;
      }
    }
    super.catch(exception, host);
  }
}
