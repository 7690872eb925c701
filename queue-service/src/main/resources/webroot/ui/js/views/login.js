// Sign in: the bearer token, kept in sessionStorage for this tab only.

import * as api from '../api.js';
import {h, heading} from '../dom.js';

/** Shows the token form as the screen; `onSignedIn` runs once the API accepted the token. */
export function render(main, {reason, onSignedIn}) {
  const {form, input} = tokenForm({reason, onSignedIn});
  main.append(
    h('div', {class: 'screen-head'}, heading('Sign in')),
    h('section', {class: 'panel narrow', 'aria-labelledby': 'screen-title'}, form));
  input.focus();
}

/**
 * The token form: a password field and Sign in, which checks the token with the API before it keeps
 * it; `onSignedIn` runs once it is accepted.
 *
 * @param idPrefix prefix of the form's element ids (the sign-in dialog's differ from the screen's)
 * @return {form, input}
 */
export function tokenForm({reason, onSignedIn, idPrefix = '', extraButtons = []}) {
  const id = (name) => `${idPrefix}${name}`;
  const input = h('input', {id: id('token'), name: 'token', type: 'password', required: true,
    autocomplete: 'current-password', spellcheck: 'false', 'aria-describedby': id('token-hint')});
  const tenant = h('input', {id: id('tenant'), name: 'tenant', type: 'text', autocomplete: 'off',
    spellcheck: 'false', value: api.tenant() || '', 'aria-describedby': id('tenant-hint')});
  const error = h('p', {class: 'field-error', id: id('token-error'), role: 'alert'}, reason || '');
  const submit = h('button', {type: 'submit', class: 'button-primary'}, 'Sign in');
  const form = h('form', {class: 'stacked-form', id: id('login-form')},
    h('div', {class: 'field'},
      h('label', {for: id('token')}, 'Bearer token'),
      input,
      h('p', {class: 'hint', id: id('token-hint')},
        'An operator token of your tenant. The all-in-one node prints one when it starts '
        + '(or uses ORDO_DEV_TOKEN). It is kept in this browser tab only.')),
    h('div', {class: 'field'},
      h('label', {for: id('tenant')}, 'Tenant (optional)'),
      tenant,
      h('p', {class: 'hint', id: id('tenant-hint')},
        'Empty: the token\'s own tenant. An admin token may name another one to act on.')),
    error,
    h('div', {class: 'field-submit'}, submit, ...extraButtons));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const token = input.value.trim();
    const tenantName = tenant.value.trim();
    if (!token) return;
    submit.disabled = true;
    error.textContent = '';
    try {
      if (await api.accepts(token, tenantName)) {
        api.setToken(token);
        api.setTenant(tenantName);
        onSignedIn();
        return;
      }
      error.textContent = api.tokenLike(token) ? 'The token was not accepted.'
        : 'The token was not accepted: a bearer token is ASCII letters, digits and punctuation, '
          + 'and this one has other characters (or spaces).';
      input.focus();
    } catch (e) {
      error.textContent = e.message;
      input.focus();
    } finally {
      submit.disabled = false;
    }
  });
  return {form, input};
}
