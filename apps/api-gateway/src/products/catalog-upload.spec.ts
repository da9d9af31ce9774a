import { RequestValidationException } from '../http/validation-error.js';
import { HttpException } from '@nestjs/common';
import { checkRowCount, rowsFromCsv, rowsFromJson, uploadedRows } from './catalog-upload.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RequestValidationException) return error.entries[0];
    throw error;
  }
  throw new Error('accepted');
};

describe('rowsFromCsv', () => {
  it('reads a header row, quoted cells, CRLF, a BOM and sku:<retailer> columns; empty cells are absent', () => {
    const csv =
      '\ufeffname,upc,sku:walmart,sku:target,group\r\n"Soap, Lemon",036000291452,W1,,kitchen\r\nTowels,,,T2,\r\n';
    expect(rowsFromCsv(csv)).toEqual([
      { name: 'Soap, Lemon', upc: '036000291452', skus: { walmart: 'W1' }, group: 'kitchen' },
      { name: 'Towels', skus: { target: 'T2' } },
    ]);
  });

  it.each<[string, string, unknown]>([
    ['unknown column', 'name,colour\nx,red\n', { type: 'csv_unknown_column', loc: ['body', 'header', 1] }],
    ['repeated column', 'name,upc,upc\nx,1,2\n', { type: 'csv_duplicate_column', loc: ['body', 'header', 2] }],
    ['no name column', 'upc\n036000291452\n', { type: 'missing', loc: ['body', 'header'] }],
    ['empty file', '', { type: 'missing', loc: ['body'] }],
    ['unterminated quote', 'name\n"x\n', { type: 'csv_invalid', loc: ['body'] }],
    ['a line with more cells than the header', 'name\nx,y\n', { type: 'csv_invalid', loc: ['body'] }],
  ])('refuses the whole file: %s', (_name, csv, entry) => {
    expect(refusal(() => rowsFromCsv(csv))).toMatchObject(entry as object);
  });
});

describe('rowsFromJson', () => {
  it('takes an array as it is (rows are checked one by one later)', () => {
    expect(rowsFromJson('[{"name":"x"}, 5]')).toEqual([{ name: 'x' }, 5]);
  });

  it.each([
    ['not JSON', '[{"name":', 'json_invalid'],
    ['an object', '{"name":"x"}', 'list_type'],
  ])('refuses %s', (_name, text, type) => {
    expect(refusal(() => rowsFromJson(text))).toMatchObject({
      type,
      loc: ['body', ...(type === 'json_invalid' ? [expect.any(Number)] : [])],
    });
  });
});

describe('checkRowCount', () => {
  it('takes 1 to 10,000 rows', () => {
    expect(() => checkRowCount([{}])).not.toThrow();
    expect(() => checkRowCount(new Array(10_000).fill({}))).not.toThrow();
    expect(refusal(() => checkRowCount([]))).toMatchObject({ type: 'too_short' });
    expect(refusal(() => checkRowCount(new Array(10_001).fill({})))).toMatchObject({
      type: 'too_long',
      ctx: { max_length: 10_000, actual_length: 10_001 },
    });
  });
});

describe('uploadedRows', () => {
  it('reads the rows of a JSON or CSV upload, and answers 415 for a body the parser left unread', () => {
    expect(uploadedRows({ format: 'json', text: '[{"name":"x"}]' })).toEqual([{ name: 'x' }]);
    expect(uploadedRows({ format: 'csv', text: 'name\nx\n' })).toEqual([{ name: 'x' }]);
    expect(refusal(() => uploadedRows({ format: 'csv', text: 'name\n' }))).toMatchObject({ type: 'too_short' });
    expect(() => uploadedRows(undefined)).toThrow(HttpException);
    const thrown = (() => {
      try {
        uploadedRows({ name: 'x' });
      } catch (error) {
        return error as HttpException;
      }
      return null;
    })();
    expect(thrown?.getStatus()).toBe(415);
  });
});
