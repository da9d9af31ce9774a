import { html } from '../web/html.js';
import { csrfField, page, type PageMessages, type Viewer } from '../web/layout.js';

/** The signed-in person's own account: their role in each team, and the password form. */
export function accountPage(viewer: Viewer, messages: PageMessages): string {
  return page(
    viewer,
    { title: 'Account', section: '/account', ...messages },
    html`<div class="card">
        <dl class="facts">
          <dt>Email</dt>
          <dd>${viewer.email}</dd>
          ${viewer.teams.map(
            (team) =>
              html`<dt>${team.name}</dt>
                <dd>${team.role ?? ''}</dd>`,
          )}
        </dl>
      </div>
      <h2>Change your password</h2>
      <form method="post" action="/account/password" class="card">
        ${csrfField(viewer)}
        <label for="current-password">Current password</label
        ><input
          id="current-password"
          name="current_password"
          type="password"
          required
          autocomplete="current-password"
        />
        <label for="new-password">New password (at least 8 characters)</label
        ><input
          id="new-password"
          name="new_password"
          type="password"
          required
          minlength="8"
          autocomplete="new-password"
        />
        <label for="confirm-password">New password again</label
        ><input
          id="confirm-password"
          name="confirm_password"
          type="password"
          required
          minlength="8"
          autocomplete="new-password"
        />
        <div class="actions"><button type="submit">Change password</button></div>
      </form>`,
  );
}
