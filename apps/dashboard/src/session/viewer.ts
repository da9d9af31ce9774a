import {
  createParamDecorator,
  SetMetadata,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthContracts, type Actor } from '@cps/contracts';
import { ROLE_ALLOWS, type MemberRole } from '@cps/domain';
import { RpcClient } from '@cps/messaging';
import { type Request } from 'express';
import { type DashboardConfig } from '../config.js';
import { type Viewer } from '../web/layout.js';
import { Sessions, type Session } from './sessions.js';

export const SESSION_COOKIE = 'cps_dashboard';
/** Test mode (simulated data only) or live (real data only), per browser like Stripe's switch; live by default. */
export const MODE_COOKIE = 'cps_dashboard_mode';
export const LOGIN_COOKIE = 'cps_dashboard_login';

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function cookie(config: DashboardConfig, name: string, value: string, maxAgeSeconds: number): string {
  const secure = config.DASHBOARD_URL.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

const ROLES_KEY = 'dashboard:roles';

/**
 * The roles that may post to a route (its forms). Without it, changing something needs a role that may change
 * settings (owner, developer); reading (GET) is open to every member.
 */
export const AllowedRoles = (...roles: readonly MemberRole[]) => SetMetadata(ROLES_KEY, roles);
/** Owners only: the team's people and its brand. */
export const OwnersOnly = () => AllowedRoles(...ROLE_ALLOWS.managePeople);
/** Every member (signing out, switching teams, one's own password). */
export const AnyMember = () => AllowedRoles('owner', 'developer', 'viewer');

/** The signed-in user in the team they work in now, and who they are in activity entries. */
export interface SignedInViewer extends Viewer {
  role: MemberRole;
  session: Session;
  teamId: string;
  /** `event_source` `Dashboard`, `source_id_type` `dashboard_user`, `source_id_name` the user's email. */
  actor: Actor;
}

/** No session (or it ended, or the user left every team): the filter sends the browser to the sign-in page. */
export class SignInRequired extends HttpException {
  constructor() {
    super({ detail: 'sign in required' }, HttpStatus.UNAUTHORIZED);
  }
}

/**
 * Every page but sign-in: a live session whose user is still a member of the session's team (auth-server is
 * asked on each request, so a removed membership ends access at once), and on every POST the session's CSRF
 * token in the form.
 */
@Injectable()
export class SignedIn implements CanActivate {
  constructor(
    private readonly sessions: Sessions,
    private readonly rpc: RpcClient,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { viewer?: SignedInViewer }>();
    const session = await this.sessions.find(readCookie(req.headers.cookie, SESSION_COOKIE));
    if (!session) throw new SignInRequired();
    if (
      req.method === 'POST' &&
      !Sessions.csrfValid(session, (req.body as Record<string, unknown> | undefined)?.csrf)
    ) {
      throw new ForbiddenException({ detail: 'The form has expired. Reload the page and try again.' });
    }
    const viewer = await this.viewerOf(session);
    if (!viewer) throw new SignInRequired();
    viewer.testMode = readCookie(req.headers.cookie, MODE_COOKIE) === 'test';
    req.viewer = viewer;
    if (req.method === 'POST') {
      const allowed =
        this.reflector.getAllAndOverride<readonly MemberRole[] | undefined>(ROLES_KEY, [
          context.getHandler(),
          context.getClass(),
        ]) ?? ROLE_ALLOWS.changeSettings;
      if (!allowed.includes(viewer.role)) {
        throw new ForbiddenException({
          detail: `As a ${viewer.role} of ${viewer.team.name} you cannot make this change (it takes: ${allowed.join(' or ')}).`,
        });
      }
    }
    return true;
  }

  /**
   * The viewer of a request no guard ran for (an unknown address), so its error page keeps the navigation; null
   * without a live session.
   */
  async optionalViewer(req: Request): Promise<SignedInViewer | null> {
    const session = await this.sessions.find(readCookie(req.headers.cookie, SESSION_COOKIE));
    return session ? this.viewerOf(session) : null;
  }

  private async viewerOf(session: Session): Promise<SignedInViewer | null> {
    const user = await this.rpc.request(AuthContracts.getUser, { userId: session.userId }).catch((error: unknown) => {
      if (error instanceof HttpException && error.getStatus() === 404) return null;
      throw error;
    });
    if (!user || user.teams.length === 0) {
      await this.sessions.end(session);
      return null;
    }
    let team = user.teams.find((candidate) => candidate.team_id === session.teamId);
    if (!team) {
      team = user.teams[0]!;
      await this.sessions.switchTeam(session, team.team_id);
    }
    return {
      session,
      email: user.email,
      csrf: session.csrf,
      team,
      teams: user.teams,
      teamId: team.team_id,
      role: team.role,
      actor: { source: 'Dashboard', idType: 'dashboard_user', idName: user.email },
    };
  }
}

export const CurrentViewer = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request & { viewer: SignedInViewer }>().viewer,
);
