import {
  planRetailerUpdate,
  type RetailerConfiguration,
  type RetailerStatus,
  type RetailerUpdatePlan,
  type RetailerUpdateRequest,
} from './retailer-enablement.js';

const restricted: RetailerConfiguration = {
  linkVisibility: 'restricted',
  allowedEmails: ['a@example.com'],
  allowedDomains: ['example.com'],
};

const fresh: RetailerConfiguration = { linkVisibility: 'everyone', allowedEmails: [], allowedDomains: [] };

describe('planRetailerUpdate', () => {
  it.each<[string, RetailerStatus, RetailerConfiguration | null, RetailerUpdateRequest, RetailerUpdatePlan]>([
    ['enable a disabled retailer', 'active', null, { enabled: true }, { kind: 'enable', configuration: fresh }],
    ['enable a limited retailer', 'limited', null, { enabled: true }, { kind: 'enable', configuration: fresh }],
    ['enable again changes nothing', 'active', restricted, { enabled: true }, { kind: 'unchanged' }],
    ['disable an enabled retailer', 'active', restricted, { enabled: false }, { kind: 'disable' }],
    ['disable again changes nothing', 'active', null, { enabled: false }, { kind: 'unchanged' }],
    ['no enabled field changes nothing', 'active', restricted, {}, { kind: 'unchanged' }],
    [
      'an inactive retailer cannot be newly enabled',
      'inactive',
      null,
      { enabled: true },
      { kind: 'refused', reason: 'retailer_inactive' },
    ],
    [
      'an inactive retailer that stayed enabled can be disabled',
      'inactive',
      fresh,
      { enabled: false },
      { kind: 'disable' },
    ],
    [
      'an inactive retailer that stayed enabled is left alone on enable',
      'inactive',
      restricted,
      { enabled: true },
      { kind: 'unchanged' },
    ],
  ])('%s', (_name, status, current, request, plan) => {
    expect(planRetailerUpdate({ status, current, request })).toEqual(plan);
  });

  it('gives every enable its own lists', () => {
    const first = planRetailerUpdate({ status: 'active', current: null, request: { enabled: true } });
    const second = planRetailerUpdate({ status: 'active', current: null, request: { enabled: true } });
    if (first.kind !== 'enable' || second.kind !== 'enable') throw new Error('expected enable plans');
    expect(first.configuration.allowedEmails).not.toBe(second.configuration.allowedEmails);
  });
});
