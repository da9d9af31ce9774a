import { publicationPlan } from './outbox-relay.service.js';

/** `name` is `<team><n>` with an optional `:<ordering key>`, e.g. `a1:c1`; rows in id order. */
const rows = (...names: string[]) =>
  names.map((name) => {
    const [id, key] = name.split(':') as [string, string | undefined];
    return { id, envelope: { teamId: id[0] }, ordering_key: key ?? null };
  });

/** The plan as ids: per team, its steps; per step, its chains. */
const plan = (...names: string[]) =>
  publicationPlan(rows(...names)).map((steps) =>
    steps.map((chains) => chains.map((chain) => chain.map((row) => row.id))),
  );

describe('publicationPlan', () => {
  it.each<[string, string[], string[][][][]]>([
    ['a team without keys: one row after the other', ['a1', 'a2', 'a3'], [[[['a1']], [['a2']], [['a3']]]]],
    ['teams apart', ['a1', 'b1', 'a2'], [[[['a1']], [['a2']]], [[['b1']]]]],
    [
      'keys of a team side by side, each in id order',
      ['a1:c1', 'a2:c2', 'a3:c1', 'a4:c3', 'a5:c2'],
      [[[['a1', 'a3'], ['a2', 'a5'], ['a4']]]],
    ],
    [
      'a row without a key waits for all earlier rows of its team, and all later ones wait for it',
      ['a1:c1', 'a2:c2', 'a3', 'a4:c1', 'a5:c2'],
      [[[['a1'], ['a2']], [['a3']], [['a4'], ['a5']]]],
    ],
    [
      'a barrier of one team holds back no other team',
      ['a1', 'b1:c1', 'a2:c1', 'b2:c1'],
      [[[['a1']], [['a2']]], [[['b1', 'b2']]]],
    ],
  ])('%s', (_name, names, expected) => {
    expect(plan(...names)).toEqual(expected);
  });

  it('events without a team form one team of their own', () => {
    const [steps] = publicationPlan([
      { id: 'x1', envelope: {}, ordering_key: 'k' },
      { id: 'x2', envelope: {}, ordering_key: null },
    ]);
    expect(steps!.map((chains) => chains.map((chain) => chain.map((row) => row.id)))).toEqual([[['x1']], [['x2']]]);
  });
});
