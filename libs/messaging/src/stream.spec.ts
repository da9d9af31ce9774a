import { eventStreamReplicas } from './stream.js';

describe('eventStreamReplicas', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['1', 1],
    ['3', 3],
    ['0', undefined],
    ['6', undefined],
    ['two', undefined],
  ])('EVENTS_STREAM_REPLICAS=%s gives %s', (value, expected) => {
    expect(eventStreamReplicas(value === undefined ? {} : { EVENTS_STREAM_REPLICAS: value })).toBe(expected);
  });
});
