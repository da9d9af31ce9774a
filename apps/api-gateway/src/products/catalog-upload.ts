import { HttpException, HttpStatus, PayloadTooLargeException } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import getRawBody from 'raw-body';
import { CatalogUploadRefused, catalogRowsFromCsv, checkCatalogRowCount } from '@cps/domain';
import { checkParsedBody, InputRefused, jsonDepthExceeds, MAX_JSON_DEPTH } from '@cps/platform';
import { jsonDecodeError } from '../http/error-response.js';
import { RequestValidationException } from '../http/validation-error.js';

/**
 * A catalog upload's body: 10,000 rows of CSV or JSON are far above the gateway's 1 MB JSON limit, so `PUT /products`
 * has a parser of its own (the JSON parser leaves this route alone, see json-body-parser.ts).
 */
export const CATALOG_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** What the route's parser leaves in `request.body`: the text of a JSON or CSV body, unread. */
export interface CatalogUpload {
  format: 'json' | 'csv';
  text: string;
}

const invalid = (type: string, loc: Array<string | number>, msg: string, extra: Record<string, unknown> = {}) =>
  new RequestValidationException([{ type, loc, msg, ...extra }]);

/**
 * A JSON body: an array of row objects (what each row holds is checked row by row later). The input firewall's
 * rules apply as to every other body: depth before parsing, then NUL bytes, lone surrogates and prototype keys.
 */
export function rowsFromJson(text: string): unknown[] {
  if (jsonDepthExceeds(text)) {
    throw new InputRefused(HttpStatus.UNPROCESSABLE_ENTITY, [
      { type: 'json_too_deep', loc: ['body'], msg: `JSON is nested deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RequestValidationException([jsonDecodeError({ message: (error as Error).message, body: text })]);
  }
  checkParsedBody(parsed);
  if (!Array.isArray(parsed)) {
    throw invalid('list_type', ['body'], 'Input should be a valid list', { input: typeof parsed });
  }
  return parsed;
}

/** A refusal of the whole upload (@cps/domain's catalog upload rules) as the REST API's 422. */
function as422<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CatalogUploadRefused) throw new RequestValidationException([error.issue]);
    throw error;
  }
}

/** A CSV body (catalogRowsFromCsv of @cps/domain: the header names the columns, one product a line). */
export function rowsFromCsv(text: string): unknown[] {
  const rows = as422(() => catalogRowsFromCsv(text));
  checkParsedBody(rows);
  return rows;
}

/** Row count rules of an upload: 1 to 10,000. */
export function checkRowCount(rows: unknown[]): void {
  as422(() => checkCatalogRowCount(rows));
}

/**
 * The rows of an upload, or 415/422 for a body that holds none: the route's handler calls this, after the access
 * guard, so a refusal carries the rate-limit headers like any answer.
 */
export function uploadedRows(body: unknown): unknown[] {
  const upload = body as CatalogUpload | undefined;
  if (!upload || typeof upload.text !== 'string') {
    throw new HttpException(
      { detail: 'Content-Type must be application/json or text/csv' },
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  }
  const rows = upload.format === 'json' ? rowsFromJson(upload.text) : rowsFromCsv(upload.text);
  checkRowCount(rows);
  return rows;
}

/**
 * Express middleware of `PUT /products` (before guards and interceptors, so the idempotency check sees the body):
 * reads up to CATALOG_BODY_LIMIT_BYTES of JSON or CSV text into a CatalogUpload, for requests that carry
 * credentials; other media types are left unread (uploadedRows answers 415).
 */
export async function catalogUploadParser(request: Request, _response: Response, next: NextFunction): Promise<void> {
  const json = request.is(['application/json', 'application/*+json']);
  const csv = request.is(['text/csv', 'application/csv']);
  // Without credentials the access guard answers 401: no reason to read 16 MB first.
  const anonymous = request.headers['x-api-key'] === undefined && request.headers.authorization === undefined;
  if ((!json && !csv) || anonymous) {
    next();
    return;
  }
  let text: string;
  try {
    text = await getRawBody(request, { limit: CATALOG_BODY_LIMIT_BYTES, encoding: 'utf-8' });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw new PayloadTooLargeException({
        detail: `request body is larger than the limit of ${CATALOG_BODY_LIMIT_BYTES} bytes`,
      });
    }
    throw new HttpException({ detail: 'could not read the request body' }, HttpStatus.BAD_REQUEST);
  }
  request.body = { format: json ? 'json' : 'csv', text } satisfies CatalogUpload;
  next();
}
