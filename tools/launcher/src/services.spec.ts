import { SERVICE_NODE_OPTIONS, serviceNodeOptions } from './services.js';

describe('serviceNodeOptions', () => {
  it("puts the services' options first, so the caller's NODE_OPTIONS come later and win", () => {
    expect(serviceNodeOptions(undefined)).toBe(SERVICE_NODE_OPTIONS);
    expect(serviceNodeOptions('  ')).toBe(SERVICE_NODE_OPTIONS);
    expect(serviceNodeOptions('--max-semi-space-size=16')).toBe(`${SERVICE_NODE_OPTIONS} --max-semi-space-size=16`);
  });
});
