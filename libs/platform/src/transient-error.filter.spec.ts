import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { TransientErrorFilter } from './transient-error.filter.js';

@Controller()
class FaultsController {
  @Get('terminated')
  terminated(): never {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  }

  @Get('bug')
  bug(): never {
    throw new TypeError('a bug');
  }
}

@Module({ controllers: [FaultsController], providers: [{ provide: APP_FILTER, useClass: TransientErrorFilter }] })
class FaultsModule {}

describe('TransientErrorFilter', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create(FaultsModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app?.close());

  it('answers a terminated database connection with 503 and Retry-After', async () => {
    const response = await fetch(`${base}/terminated`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({ detail: 'temporarily unavailable; try again shortly' });
  });

  it('leaves a bug to Nest: 500', async () => {
    const response = await fetch(`${base}/bug`);
    expect(response.status).toBe(500);
  });
});
