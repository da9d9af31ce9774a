import { Controller, Get, Header } from '@nestjs/common';
import { ServiceMetrics } from '@cps/observability';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.scrape();
  }
}
