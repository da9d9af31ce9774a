/** A member's role in a team (the contracts' `TEAM_ROLES`). */
export type MemberRole = 'owner' | 'developer' | 'viewer';

/** Who may do what in the dashboard: owners everything, developers all but people and brand, viewers only read. */
export const ROLE_ALLOWS = {
  managePeople: ['owner'],
  changeSettings: ['owner', 'developer'],
} as const satisfies Record<string, readonly MemberRole[]>;

export function roleAllows(role: MemberRole, what: keyof typeof ROLE_ALLOWS): boolean {
  return (ROLE_ALLOWS[what] as readonly MemberRole[]).includes(role);
}

/**
 * Why a member's role change (`next`) or removal (`null`) cannot be made, or null when it can: the member must be
 * in the team, and the team must keep at least one owner.
 */
export function memberChangeProblem(
  roles: ReadonlyMap<string, MemberRole>,
  userId: string,
  next: MemberRole | null,
): 'not_member' | 'last_owner' | null {
  const current = roles.get(userId);
  if (current === undefined) return 'not_member';
  if (current !== 'owner' || next === 'owner') return null;
  const owners = [...roles.values()].filter((role) => role === 'owner').length;
  return owners <= 1 ? 'last_owner' : null;
}
