import { Body, Controller, Get, Param, Post, Query, type ExecutionContext } from '@nestjs/common';
import { handlerReadsBody } from './nest-route-args.js';

@Controller('probe')
class ProbeController {
  @Post() create(@Param('id') _id: string, @Body() _body: unknown): void {}
  @Get() list(@Query() _query: unknown): void {}
  @Get('plain') plain(): void {}
}

function contextOf(handler: keyof ProbeController): ExecutionContext {
  return {
    getClass: () => ProbeController,
    getHandler: () => ProbeController.prototype[handler],
  } as unknown as ExecutionContext;
}

// Contract test: fails when Nest stops writing `@Body()` where handlerReadsBody reads it.
describe('handlerReadsBody (Nest route-argument metadata)', () => {
  it('sees @Body() among the parameters', () => {
    expect(handlerReadsBody(contextOf('create'))).toBe(true);
  });

  it.each(['list', 'plain'] as const)('sees no body on %s', (handler) => {
    expect(handlerReadsBody(contextOf(handler))).toBe(false);
  });
});
