import { html } from '../web/html.js';
import { plainPage } from '../web/layout.js';

/** The sign-in form; `csrf` is the value its cookie also holds. */
export function signInPage(csrf: string, email: string, error: string | null, signedOut: boolean): string {
  return plainPage(
    {
      title: 'Sign in to your brand dashboard',
      error,
      notice: signedOut && !error ? 'You are signed out.' : null,
    },
    html`<form method="post" action="/sign-in">
      <input type="hidden" name="csrf" value="${csrf}" />
      <label for="email">Email</label
      ><input id="email" name="email" type="email" autocomplete="username" required value="${email}" />
      <label for="password">Password</label
      ><input id="password" name="password" type="password" autocomplete="current-password" required />
      <div class="actions"><button type="submit">Sign in</button></div>
    </form>`,
  );
}
