import {
  HttpException,
  HttpStatus,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { handlerReadsBody } from '@cps/patches';
import { type Request } from 'express';
import { type Observable } from 'rxjs';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** True when the request carries a body (content-length > 0 or chunked), as body parsers decide it. */
function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * 415 for a body in another media type on a route that reads a JSON body: the form parser would otherwise
 * hand a url-encoded body over as if it were JSON. Runs after the guards, as the check did before.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      if (hasBody(request) && !request.is(JSON_TYPES) && handlerReadsBody(context)) {
        throw new HttpException({ detail: 'Content-Type must be application/json' }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
      }
    }
    return next.handle();
  }
}
