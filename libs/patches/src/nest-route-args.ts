import { type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';

/**
 * Whether the handler being called takes `@Body()`, read from the route-argument metadata Nest's parameter
 * decorators write (not a public API: `ROUTE_ARGS_METADATA` keys are `<RouteParamtypes>:<index>`). The gateway's 415
 * check needs it: only routes that read a JSON body refuse another media type (the link pages read forms).
 * Fenced by nest-route-args.spec.ts.
 */
export function handlerReadsBody(context: ExecutionContext): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ??
    {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
}
