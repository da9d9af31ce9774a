import { jsonLine, logFormat, prettyLine } from './log-format.js';

describe('npm start log format', () => {
  it('is pretty at a terminal, JSON otherwise or with LOG_FORMAT=json', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });

  it('prints time, service, level and message on one line', () => {
    const line = JSON.stringify({
      level: 'warn',
      time: '2026-11-22T14:02:19.123Z',
      service: 'events-service',
      msg: 'delivery failed',
      status: 503,
    });
    expect(prettyLine('events-service#2', line)).toBe(
      '14:02:19.123 events-service#2   WARN  delivery failed status=503',
    );
    expect(prettyLine('api-gateway', 'TypeError: boom')).toContain('api-gateway');
    expect(prettyLine('api-gateway', 'TypeError: boom')).toContain('TypeError: boom');
  });

  it('keeps JSON lines JSON, naming the replica', () => {
    const line = JSON.stringify({ level: 'info', service: 'api-gateway', msg: 'hi' });
    expect(jsonLine('api-gateway', line)).toBe(line);
    expect(JSON.parse(jsonLine('api-gateway#2', line))).toMatchObject({ instance: 'api-gateway#2', msg: 'hi' });
    expect(JSON.parse(jsonLine('api-gateway', 'plain text'))).toMatchObject({
      service: 'api-gateway',
      msg: 'plain text',
    });
  });
});
