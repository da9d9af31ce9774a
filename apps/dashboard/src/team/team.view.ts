import { AuthContracts } from '@cps/contracts';
import { roleAllows, type MemberRole } from '@cps/domain';
import { when } from '../web/forms.js';
import { html, table, tableOr, type Html } from '../web/html.js';
import { buttonForm, csrfField, page, type PageMessages, type Viewer } from '../web/layout.js';
import { type TeamView } from './show-team.use-case.js';

const ROLE_NAMES: Record<AuthContracts.TeamRole, string> = {
  owner: 'Owner: everything, including people and brand',
  developer: 'Developer: API keys, webhooks, apps and settings',
  viewer: 'Viewer: reads everything, changes nothing',
};

/** A new invitation link, shown once after it was made. */
export interface Invited {
  email: string;
  link: string;
}

function invitationBox({ email, link }: Invited): Html {
  return html`<div class="secret" role="status">
    <p><strong>Invitation created.</strong> Send this link to ${email}; it works once, for 7 days:</p>
    <p><code id="invitation-link">${link}</code></p>
    <button type="button" class="secondary" data-copy="invitation-link">Copy</button>
  </div>`;
}

export function teamPage(
  viewer: Viewer & { role: MemberRole },
  { members, profile, invitations }: TeamView,
  messages: PageMessages,
  invited: Invited | null = null,
): string {
  const owner = roleAllows(viewer.role, 'managePeople');
  const roleSelect = (id: string, selected: string) =>
    html`<select id="${id}" name="role">
      ${AuthContracts.TEAM_ROLES.map(
        (role) =>
          html`<option value="${role}" ${role === selected ? html` selected` : ''}>${ROLE_NAMES[role]}</option>`,
      )}
    </select>`;
  return page(
    viewer,
    { title: 'Team', section: '/team', ...messages },
    html`${invited ? invitationBox(invited) : ''}
      ${owner ? '' : html`<p class="card">You are a ${viewer.role} of this team: only owners change its people and brand.</p>`}
      <div class="card">
        <dl class="facts">
          <dt>Team</dt>
          <dd>${viewer.team.name}</dd>
          <dt>Team id</dt>
          <dd class="mono">${viewer.team.team_id}</dd>
        </dl>
      </div>
      <h2>Members</h2>
      <div class="card">
        ${table(
          ['Email', 'Role', 'Member since', html`<span class="muted">Change</span>`],
          members.map((member, index) => [
            member.email,
            member.role,
            when(member.joined_at),
            owner
              ? html`<form method="post" action="/team/members/${member.user_id}/role" class="inline">
                    ${csrfField(viewer)}<label for="role-${index}" class="check">Role of ${member.email}</label
                    >${roleSelect(`role-${index}`, member.role)}
                    <button type="submit" class="secondary" aria-label="Save role of ${member.email}">Save role</button>
                  </form>
                  ${buttonForm(viewer, `/team/members/${member.user_id}/remove`, {
                    label: 'Remove',
                    ariaLabel: `Remove ${member.email}`,
                    kind: 'danger',
                    confirm: `Remove ${member.email} from the team?`,
                  })}`
              : '',
          ]),
          undefined,
          'members',
        )}
      </div>
      <h2>Invitations</h2>
      <div class="card">
        ${tableOr(
          html`<p>No open invitations.</p>`,
          ['Email', 'Role', 'Sent', 'Expires'],
          invitations.map((open) => [open.email, open.role, when(open.created_at), when(open.expires_at)]),
          undefined,
          'invitations',
        )}
        ${
          owner
            ? html`<form method="post" action="/team/invitations">
                ${csrfField(viewer)}
                <p>Makes a link that lets this person join with the role below (valid 7 days, used once).</p>
                <label for="invite-email">Email</label
                ><input id="invite-email" name="email" type="email" required maxlength="254" autocomplete="off" />
                <label for="invite-role">Role</label>${roleSelect('invite-role', 'developer')}
                <div class="actions"><button type="submit">Create invitation link</button></div>
              </form>`
            : ''
        }
      </div>
      <h2>Brand</h2>
      <form method="post" action="/team/branding" class="card">
        ${csrfField(viewer)}
        <p>What shoppers see on the hosted link pages and the consent screens.</p>
        <label for="display-name">Display name (empty: ${profile.name})</label
        ><input id="display-name" name="display_name" maxlength="100" value="${profile.display_name ?? ''}" />
        <label for="logo-url">Logo URL (https)</label
        ><input id="logo-url" name="logo_url" type="url" maxlength="2048" value="${profile.logo_url ?? ''}" />
        <div class="actions"><button type="submit">Save branding</button></div>
      </form>
      <h2>Sharing</h2>
      <form method="post" action="/team/sharing" class="card">
        ${csrfField(viewer)}
        <label for="privacy-policy-url">Privacy policy URL (https; linked from the consent step)</label
        ><input
          id="privacy-policy-url"
          name="privacy_policy_url"
          type="url"
          maxlength="2048"
          value="${profile.privacy_policy_url ?? ''}"
        />
        <label for="history-window">History window: days of purchases before the first link to ask for</label
        ><input
          id="history-window"
          name="history_window_days"
          type="number"
          min="0"
          max="3650"
          required
          value="${profile.history_window_days}"
        />
        <label for="redirect-origins"
          >Return addresses: origins a retailer's public link may send shoppers back to with redirect_url (one a line,
          e.g. https://shop.example; none: the link flow ends on its own page)</label
        ><textarea id="redirect-origins" name="redirect_origins" rows="3" maxlength="4000">
${profile.redirect_origins.join('\n')}</textarea>
        <div class="actions"><button type="submit">Save sharing</button></div>
      </form>`,
  );
}
