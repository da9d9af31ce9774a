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
const hidden: RetailerConfiguration = { ...fresh, linkVisibility: 'hidden' };
const audience = (allowedEmails: string[], allowedDomains: string[] = []) => ({ allowedEmails, allowedDomains });

const restrictedWithoutAudience = (input?: unknown): RetailerUpdatePlan => ({
  kind: 'invalid',
  issues: [
    {
      loc: ['body', 'link_audience'],
      msg: 'restricted visibility needs at least one allowed email or domain',
      type: 'value_error',
      ...(input === undefined ? {} : { input }),
    },
  ],
});

const settingsWhileDisabling: RetailerUpdatePlan = {
  kind: 'invalid',
  issues: [
    {
      loc: ['body', 'enabled'],
      msg: 'link_visibility and link_audience cannot be sent together with enabled: false',
      type: 'value_error',
      input: false,
    },
  ],
};

type Case = [string, RetailerStatus, RetailerConfiguration | null, RetailerUpdateRequest, RetailerUpdatePlan];

describe('planRetailerUpdate', () => {
  describe('enablement', () => {
    it.each<Case>([
      ['enable a disabled retailer', 'active', null, { enabled: true }, { kind: 'enable', configuration: fresh }],
      ['enable a limited retailer', 'limited', null, { enabled: true }, { kind: 'enable', configuration: fresh }],
      ['enable again changes nothing', 'active', restricted, { enabled: true }, { kind: 'unchanged' }],
      ['disable an enabled retailer', 'active', restricted, { enabled: false }, { kind: 'disable' }],
      ['disable again changes nothing', 'active', null, { enabled: false }, { kind: 'unchanged' }],
      ['no field changes nothing', 'active', restricted, {}, { kind: 'unchanged' }],
      ['no field on a disabled retailer changes nothing', 'active', null, {}, { kind: 'unchanged' }],
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
  });

  describe('rule 1: link settings need the retailer enabled', () => {
    it.each<Case>([
      [
        'visibility on a disabled retailer',
        'active',
        null,
        { linkVisibility: 'hidden' },
        { kind: 'refused', reason: 'retailer_not_enabled' },
      ],
      [
        'audience on a disabled retailer',
        'active',
        null,
        { linkAudience: audience(['a@example.com']) },
        { kind: 'refused', reason: 'retailer_not_enabled' },
      ],
      [
        'visibility together with enabled: true',
        'active',
        null,
        { enabled: true, linkVisibility: 'hidden' },
        { kind: 'enable', configuration: hidden },
      ],
      [
        'restricted with an audience together with enabled: true',
        'active',
        null,
        { enabled: true, linkVisibility: 'restricted', linkAudience: audience(['A@Example.com'], ['Shop.Example']) },
        {
          kind: 'enable',
          configuration: {
            linkVisibility: 'restricted',
            allowedEmails: ['a@example.com'],
            allowedDomains: ['shop.example'],
          },
        },
      ],
      [
        'link settings cannot newly enable an inactive retailer',
        'inactive',
        null,
        { enabled: true, linkVisibility: 'hidden' },
        { kind: 'refused', reason: 'retailer_inactive' },
      ],
      [
        'visibility on an enabled retailer',
        'active',
        fresh,
        { linkVisibility: 'hidden' },
        { kind: 'update', configuration: hidden },
      ],
      [
        'visibility with enabled: true on an enabled retailer',
        'active',
        fresh,
        { enabled: true, linkVisibility: 'hidden' },
        { kind: 'update', configuration: hidden },
      ],
    ])('%s', (_name, status, current, request, plan) => {
      expect(planRetailerUpdate({ status, current, request })).toEqual(plan);
    });
  });

  describe('rule 2: restricted needs an audience, counting stored lists', () => {
    it.each<Case>([
      [
        'restricted with nothing stored',
        'active',
        fresh,
        { linkVisibility: 'restricted' },
        restrictedWithoutAudience(),
      ],
      [
        'restricted with empty lists sent',
        'active',
        fresh,
        { linkVisibility: 'restricted', linkAudience: audience([], []) },
        restrictedWithoutAudience({ allowed_emails: [], allowed_domains: [] }),
      ],
      [
        'restricted when enabling without an audience',
        'active',
        null,
        { enabled: true, linkVisibility: 'restricted' },
        restrictedWithoutAudience(),
      ],
      [
        'restricted using stored emails',
        'active',
        { ...fresh, allowedEmails: ['a@example.com'] },
        { linkVisibility: 'restricted' },
        { kind: 'update', configuration: { ...fresh, linkVisibility: 'restricted', allowedEmails: ['a@example.com'] } },
      ],
      [
        'restricted using stored domains only',
        'active',
        { ...hidden, allowedDomains: ['example.com'] },
        { linkVisibility: 'restricted' },
        { kind: 'update', configuration: { ...fresh, linkVisibility: 'restricted', allowedDomains: ['example.com'] } },
      ],
      [
        'emptying the audience of a restricted retailer',
        'active',
        restricted,
        { linkAudience: audience([], []) },
        restrictedWithoutAudience({ allowed_emails: [], allowed_domains: [] }),
      ],
      [
        'emptying the audience while leaving restricted',
        'active',
        restricted,
        { linkVisibility: 'everyone', linkAudience: audience([], []) },
        { kind: 'update', configuration: fresh },
      ],
      [
        'leaving restricted keeps the stored lists',
        'active',
        restricted,
        { linkVisibility: 'hidden' },
        { kind: 'update', configuration: { ...restricted, linkVisibility: 'hidden' } },
      ],
    ])('%s', (_name, status, current, request, plan) => {
      expect(planRetailerUpdate({ status, current, request })).toEqual(plan);
    });
  });

  describe('rule 3: link settings with enabled: false', () => {
    it.each<Case>([
      [
        'visibility on an enabled retailer',
        'active',
        restricted,
        { enabled: false, linkVisibility: 'everyone' },
        settingsWhileDisabling,
      ],
      [
        'audience on a disabled retailer',
        'active',
        null,
        { enabled: false, linkAudience: audience([]) },
        settingsWhileDisabling,
      ],
    ])('%s', (_name, status, current, request, plan) => {
      expect(planRetailerUpdate({ status, current, request })).toEqual(plan);
    });
  });

  describe('rule 4: audience entries are valid emails and domains', () => {
    it('reports every invalid entry with its index, before any other rule', () => {
      const plan = planRetailerUpdate({
        status: 'active',
        current: null,
        request: { linkAudience: audience(['ok@example.com', 'nope', 'x@y'], ['https://example.com', 'fine.example']) },
      });
      expect(plan).toEqual({
        kind: 'invalid',
        issues: [
          {
            loc: ['body', 'link_audience', 'allowed_emails', 1],
            msg: 'value is not a valid email address: an email address must have an @-sign',
            type: 'value_error',
            input: 'nope',
          },
          {
            loc: ['body', 'link_audience', 'allowed_emails', 2],
            msg: 'value is not a valid email address: the part after the @-sign is not valid: a domain needs at least two labels, e.g. example.com',
            type: 'value_error',
            input: 'x@y',
          },
          {
            loc: ['body', 'link_audience', 'allowed_domains', 0],
            msg: 'value is not a valid domain: a domain must not include a scheme',
            type: 'value_error',
            input: 'https://example.com',
          },
        ],
      });
    });

    it('reports invalid entries and link settings while disabling together', () => {
      const plan = planRetailerUpdate({
        status: 'active',
        current: restricted,
        request: { enabled: false, linkAudience: audience(['bad']) },
      });
      expect(plan.kind === 'invalid' && plan.issues.map((issue) => issue.loc)).toEqual([
        ['body', 'link_audience', 'allowed_emails', 0],
        ['body', 'enabled'],
      ]);
    });
  });

  describe('link_audience replaces both lists, normalised', () => {
    it.each<Case>([
      [
        'sending only emails empties the domains',
        'active',
        restricted,
        { linkAudience: audience(['b@example.com']) },
        { kind: 'update', configuration: { ...restricted, allowedEmails: ['b@example.com'], allowedDomains: [] } },
      ],
      [
        'entries are lower-cased, trimmed and deduplicated in order',
        'active',
        fresh,
        {
          linkAudience: audience([' B@Example.com', 'a@example.com', 'b@example.COM'], ['Example.com', 'example.com']),
        },
        {
          kind: 'update',
          configuration: {
            ...fresh,
            allowedEmails: ['b@example.com', 'a@example.com'],
            allowedDomains: ['example.com'],
          },
        },
      ],
      [
        'the same lists (after normalising) change nothing',
        'active',
        restricted,
        { linkVisibility: 'restricted', linkAudience: audience(['A@example.com'], ['EXAMPLE.com']) },
        { kind: 'unchanged' },
      ],
      [
        'another order of the same entries is a change',
        'active',
        { ...restricted, allowedEmails: ['a@example.com', 'b@example.com'] },
        { linkAudience: audience(['b@example.com', 'a@example.com'], ['example.com']) },
        {
          kind: 'update',
          configuration: { ...restricted, allowedEmails: ['b@example.com', 'a@example.com'] },
        },
      ],
    ])('%s', (_name, status, current, request, plan) => {
      expect(planRetailerUpdate({ status, current, request })).toEqual(plan);
    });
  });

  it('gives every enable its own lists', () => {
    const first = planRetailerUpdate({ status: 'active', current: null, request: { enabled: true } });
    const second = planRetailerUpdate({ status: 'active', current: null, request: { enabled: true } });
    if (first.kind !== 'enable' || second.kind !== 'enable') throw new Error('expected enable plans');
    expect(first.configuration.allowedEmails).not.toBe(second.configuration.allowedEmails);
  });
});
