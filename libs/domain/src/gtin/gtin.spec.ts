import { gtinCheckDigit, hasValidCheckDigit, normalizeGtin } from './gtin.js';

describe('gtinCheckDigit', () => {
  it.each([
    ['03600029145', 2], // UPC-A 036000291452
    ['400638133393', 1], // EAN-13 4006381333931
    ['1001234567890', 2], // GTIN-14 10012345678902
    ['03700087878', 0],
    ['0', 0],
  ])('%s -> %i', (body, digit) => {
    expect(gtinCheckDigit(body)).toBe(digit);
  });

  it('rejects non-digits', () => {
    expect(() => gtinCheckDigit('12a')).toThrow(RangeError);
  });
});

describe('hasValidCheckDigit', () => {
  it.each([
    ['036000291452', true],
    ['036000291453', false],
    ['4006381333931', true],
    ['', false],
    ['7', false],
  ])('%p -> %p', (digits, valid) => {
    expect(hasValidCheckDigit(digits)).toBe(valid);
  });
});

describe('normalizeGtin', () => {
  it.each<[string | null | undefined, string | null, string]>([
    ['036000291452', '00036000291452', 'UPC-A padded to 14'],
    ['4006381333931', '04006381333931', 'EAN-13 padded to 14'],
    ['10012345678902', '10012345678902', 'GTIN-14 kept'],
    ['00036000291452', '00036000291452', 'already normalized'],
    ['0036000291452', '00036000291452', 'UPC-A written as EAN-13'],
    [' 0 36000 29145 2 ', '00036000291452', 'spaces dropped'],
    ['036000-291452', '00036000291452', 'dashes dropped'],
    ['036000291453', null, 'wrong check digit'],
    ['36000291452', null, 'eleven digits (check digit or leading zero lost)'],
    ['96385074', null, 'eight digits: UPC-E/EAN-8 are not accepted'],
    ['100123456789021', null, 'fifteen digits'],
    ['03600029145X', null, 'letters'],
    ['000000000000', null, 'all zeros'],
    ['', null, 'empty'],
    [null, null, 'null'],
    [undefined, null, 'undefined'],
  ])('%p -> %p (%s)', (raw, expected) => {
    expect(normalizeGtin(raw)).toBe(expected);
  });

  it('maps every accepted spelling of one product to the same key', () => {
    const spellings = ['036000291452', '0036000291452', '00036000291452', '0-36000-29145-2'];
    expect(new Set(spellings.map(normalizeGtin))).toEqual(new Set(['00036000291452']));
  });
});
