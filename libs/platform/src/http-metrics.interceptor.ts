import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type Observable, tap } from 'rxjs';
import { ServiceMetrics } from '@cps/observability';

/** Counts and times HTTP requests by route template (never the raw path: ids would explode cardinality). */
@Injectable()
export class HttpMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: ServiceMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const started = process.hrtime.bigint();
    const record = () => {
      const route = (request.route as { path?: string } | undefined)?.path ?? 'unmatched';
      const labels = {
        method: request.method,
        route,
        status: String(response.statusCode),
      };
      this.metrics.httpRequests.inc(labels);
      this.metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    };
    response.once('finish', record);
    return next.handle().pipe(tap({ error: () => undefined }));
  }
}
