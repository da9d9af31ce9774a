import { type AuthContracts } from '@cps/contracts';
import { html } from '../web/html.js';
import { plainPage } from '../web/layout.js';

/** The page of an invitation link; `csrf` is the value its cookie also holds. */
export function invitationPage(
  token: string,
  preview: AuthContracts.InvitationPreview,
  csrf: string,
  error: string | null,
): string {
  return plainPage(
    { title: `Join ${preview.team_name}`, error },
    html`<p>
        You are invited as <strong>${preview.role}</strong> with <strong>${preview.email}</strong> (until
        ${preview.expires_at.slice(0, 10)}).
      </p>
      <form method="post" action="/invitations/${token}">
        <input type="hidden" name="csrf" value="${csrf}" />
        <input type="hidden" name="email" value="${preview.email}" autocomplete="username" />
        <label for="password"
          >${preview.existing_user ? 'Your password' : 'Choose a password (at least 8 characters)'}</label
        ><input
          id="password"
          name="password"
          type="password"
          required
          minlength="8"
          autocomplete="${preview.existing_user ? 'current-password' : 'new-password'}"
        />
        <div class="actions"><button type="submit">Join ${preview.team_name}</button></div>
      </form>`,
  );
}
