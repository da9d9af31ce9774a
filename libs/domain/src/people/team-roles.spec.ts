import { memberChangeProblem, roleAllows, type MemberRole } from './team-roles.js';

const team = (entries: Array<[string, MemberRole]>) => new Map(entries);

describe('memberChangeProblem', () => {
  it.each<[string, Array<[string, MemberRole]>, string, MemberRole | null, string | null]>([
    [
      'a developer becomes a viewer',
      [
        ['o', 'owner'],
        ['d', 'developer'],
      ],
      'd',
      'viewer',
      null,
    ],
    [
      'a viewer is removed',
      [
        ['o', 'owner'],
        ['v', 'viewer'],
      ],
      'v',
      null,
      null,
    ],
    [
      'one of two owners steps down',
      [
        ['o', 'owner'],
        ['p', 'owner'],
      ],
      'o',
      'developer',
      null,
    ],
    [
      'the only owner steps down',
      [
        ['o', 'owner'],
        ['d', 'developer'],
      ],
      'o',
      'developer',
      'last_owner',
    ],
    ['the only owner is removed', [['o', 'owner']], 'o', null, 'last_owner'],
    ['the only owner stays owner', [['o', 'owner']], 'o', 'owner', null],
    ['someone outside the team', [['o', 'owner']], 'x', 'viewer', 'not_member'],
  ])('%s', (_name, roles, userId, next, problem) => {
    expect(memberChangeProblem(team(roles), userId, next)).toBe(problem);
  });
});

describe('roleAllows', () => {
  it.each<[MemberRole, boolean, boolean]>([
    ['owner', true, true],
    ['developer', false, true],
    ['viewer', false, false],
  ])('%s: people %s, settings %s', (role, people, settings) => {
    expect(roleAllows(role, 'managePeople')).toBe(people);
    expect(roleAllows(role, 'changeSettings')).toBe(settings);
  });
});
