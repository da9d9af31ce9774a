import {
  expandUpcE,
  gtinCandidates,
  gtinCheckDigit,
  gtinProblem,
  hasValidCheckDigit,
  normalizeGtin,
  printedGtin,
} from './gtin.js';

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
    ['96385074', '00000096385074', 'EAN-8 padded to 14'],
    ['96385075', null, 'EAN-8 with a wrong check digit'],
    ['04252614', '00042100005264', 'UPC-E expanded to its UPC-A'],
    ['04252615', null, 'UPC-E with a wrong check digit'],
    ['1234567', null, 'seven digits'],
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

describe('expandUpcE', () => {
  it.each([
    ['04252614', '042100005264'], // last digit 1: manufacturer digits 4,2,1
    ['01234565', '012345000065'], // last digit 5..9
  ])('%s -> %s', (upcE, upcA) => {
    expect(expandUpcE(upcE)).toBe(upcA);
  });

  it('is null for a number system other than 0/1 or a wrong check digit', () => {
    expect(expandUpcE('24252614')).toBeNull();
    expect(expandUpcE('04252613')).toBeNull();
  });

  it('expands to a UPC-A with a valid check digit', () => {
    for (const code of ['04252614', '01234565']) expect(hasValidCheckDigit(expandUpcE(code)!)).toBe(true);
  });
});

describe('gtinProblem', () => {
  it.each<[string, string | null]>([
    ['036000291452', null],
    ['036000291453', 'bad_check_digit'],
    ['96385075', 'bad_check_digit'],
    ['03600029145X', 'not_digits'],
    ['', 'not_digits'],
    ['3600029145', 'bad_length'],
    ['00000000', 'all_zeros'],
  ])('%p -> %p', (raw, problem) => {
    expect(gtinProblem(raw)).toBe(problem);
  });
});

describe('gtinCandidates', () => {
  it('gives the strict reading alone when there is one', () => {
    expect(gtinCandidates('036000291452')).toEqual({ strict: '00036000291452', lenient: [] });
  });

  it('restores a lost leading zero and a dropped check digit', () => {
    // 36000291452: UPC-A 036000291452 written without its leading zero.
    const { strict, lenient } = gtinCandidates('36000291452');
    expect(strict).toBeNull();
    expect(lenient).toContain('00036000291452');
    // 03600029145 is the body of 036000291452 (check digit dropped).
    expect(gtinCandidates('03600029145').lenient).toContain('00036000291452');
  });

  it('offers nothing for garbage, all zeros, or a full-length code with a bad check digit', () => {
    expect(gtinCandidates('abc')).toEqual({ strict: null, lenient: [] });
    expect(gtinCandidates('00000000000')).toEqual({ strict: null, lenient: [] });
    expect(gtinCandidates('036000291453')).toEqual({ strict: null, lenient: [] });
    expect(gtinCandidates(null)).toEqual({ strict: null, lenient: [] });
  });
});

describe('printedGtin', () => {
  it.each([
    ['00036000291452', '036000291452'], // UPC-A
    ['04006381333931', '4006381333931'], // EAN-13
    ['10012345678902', '10012345678902'], // GTIN-14 (a case)
    ['036000291452', '036000291452'], // not a GTIN-14: as it is
  ])('%s -> %s', (stored, printed) => {
    expect(printedGtin(stored)).toBe(printed);
  });
});
