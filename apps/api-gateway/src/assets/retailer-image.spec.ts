import { contrast, escapeXml, parseImageFile, renderRetailerImage } from './retailer-image.js';

describe('parseImageFile', () => {
  it.each([
    ['logo-light.svg', { kind: 'logo', theme: 'light' }],
    ['logo-dark.svg', { kind: 'logo', theme: 'dark' }],
    ['icon-light.svg', { kind: 'icon', theme: 'light' }],
    ['icon-dark.svg', { kind: 'icon', theme: 'dark' }],
    ['icon-dim.svg', null],
    ['logo-light.png', null],
    ['logo-light.svg.exe', null],
    ['../logo-light.svg', null],
    ['', null],
  ])('%s', (file, expected) => {
    expect(parseImageFile(file)).toEqual(expected);
  });
});

describe('renderRetailerImage', () => {
  const walmart = { name: 'Walmart', brandColor: '#0071CE' };

  it('draws an icon: a rounded square in the brand colour with the initial', () => {
    const svg = renderRetailerImage(walmart, 'icon', 'light');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="64" height="64"/);
    expect(svg).toContain('fill="#0071ce"');
    expect(svg).toMatch(/<rect [^>]*rx=/);
    expect(svg).toMatch(/>W<\/text>/);
    expect(svg).toContain('<title>Walmart</title>');
  });

  it('draws a wider logo with the name', () => {
    const svg = renderRetailerImage(walmart, 'logo', 'light');
    const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThan(64);
    expect(svg).toMatch(/>Walmart<\/text>/);
  });

  it('keeps the name legible on either background', () => {
    const white = { name: 'Snow', brandColor: '#ffffff' };
    expect(renderRetailerImage(white, 'logo', 'light')).toMatch(/fill="#111827">Snow</);
    expect(renderRetailerImage(white, 'logo', 'dark')).toMatch(/fill="#ffffff">Snow</);
    const black = { name: 'Ink', brandColor: '#000000' };
    expect(renderRetailerImage(black, 'logo', 'dark')).toMatch(/fill="#ffffff">Ink</);
    expect(renderRetailerImage(black, 'icon', 'dark')).toContain('stroke=');
  });

  it('escapes the name', () => {
    const svg = renderRetailerImage({ name: 'A&B <Shop>', brandColor: '#123456' }, 'logo', 'dark');
    expect(svg).not.toContain('<Shop>');
    expect(svg).toContain('A&#38;B &#60;Shop&#62;');
  });
});

describe('helpers', () => {
  it('escapeXml escapes markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });

  it('contrast is the WCAG ratio', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBeCloseTo(1, 5);
  });
});
