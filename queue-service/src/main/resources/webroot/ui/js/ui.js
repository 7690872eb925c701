// Page-wide pieces: the error and status messages, the confirmation dialog, auto-refresh.

import {formatTime, h} from './dom.js';

const errorBox = () => document.getElementById('error');
const statusBox = () => document.getElementById('status');

/** Shows an API problem's detail (or any error's message) in the alert region. */
export function showError(error, what, source = 'action') {
  if (error && error.name === 'AbortError') return;
  const box = errorBox();
  box.dataset.source = source;
  const detail = error && error.message ? error.message : String(error);
  const code = error && error.code && error.code !== 'network' ? ` (${error.code})` : '';
  box.replaceChildren(
    h('strong', {}, what ? `${what} failed: ` : 'Error: '),
    detail + code,
    h('button', {type: 'button', class: 'notice-close', 'aria-label': 'Dismiss error',
      onclick: clearError}, '×'));
  box.hidden = false;
}

/** Hides the error; with a source, only an error that came from there. */
export function clearError(source) {
  const box = errorBox();
  if (typeof source === 'string' && box.dataset.source !== source) return;
  box.hidden = true;
  box.replaceChildren();
}

/** Says what just happened, politely to screen readers. */
export function showStatus(...content) {
  statusBox().replaceChildren(...content);
}

export function clearMessages() {
  clearError();
  statusBox().replaceChildren();
}

/**
 * Runs an action from a button: disables it meanwhile, shows the problem if it fails (and takes
 * away the status of an earlier action, which would read as this one's). Answers the action's
 * result, or undefined if it failed.
 */
export async function act(button, what, action) {
  if (button) button.disabled = true;
  try {
    clearError();
    return await action();
  } catch (error) {
    if (error && error.name !== 'AbortError') statusBox().replaceChildren();
    showError(error, what);
    return undefined;
  } finally {
    if (button && button.isConnected) button.disabled = false;
  }
}

/**
 * Asks before something is done, in a modal dialog.
 *
 * @param options {title, message, confirmLabel, danger, choices: [{name, label, hint, checked}]}
 * @return the choices' values ({name: boolean}) when confirmed, null when cancelled
 */
export function confirmDialog({title, message, confirmLabel, danger = false, choices = []}) {
  return new Promise((resolve) => {
    const form = h('form', {method: 'dialog', class: 'dialog-form'},
      h('h2', {id: 'dialog-title'}, title),
      message ? h('div', {class: danger ? 'dialog-message warning' : 'dialog-message'}, message)
        : null,
      choices.length ? h('fieldset', {class: 'choices'},
        h('legend', {}, 'Options'),
        choices.map((choice) => h('div', {class: 'choice'},
          h('input', {type: 'checkbox', id: `choice-${choice.name}`, name: choice.name,
            checked: !!choice.checked,
            'aria-describedby': choice.hint ? `choice-${choice.name}-hint` : null}),
          h('label', {for: `choice-${choice.name}`}, choice.label),
          choice.hint ? h('p', {class: 'hint', id: `choice-${choice.name}-hint`}, choice.hint)
            : null))) : null,
      h('div', {class: 'dialog-buttons'},
        h('button', {type: 'submit', value: 'cancel', class: 'button-quiet'}, 'Cancel'),
        h('button', {type: 'submit', value: 'confirm',
          class: danger ? 'button-danger' : 'button-primary'}, confirmLabel)));
    const dialog = h('dialog', {'aria-labelledby': 'dialog-title'}, form);
    dialog.addEventListener('close', () => {
      const values = {};
      for (const choice of choices) values[choice.name] = form.elements[choice.name].checked;
      dialog.remove();
      resolve(dialog.returnValue === 'confirm' ? values : null);
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    // The safe answer has the focus: a stray Enter must not force-stop a task.
    form.querySelector('button[value="cancel"]').focus();
  });
}

let loops = 0;

/**
 * Calls `refresh` now and then every `millis` while the page is visible, never twice at once.
 * Its failure is shown, and cleared by its own next success only (each loop has its own error
 * source: the figures refreshing must not hide that the list cannot be read). Answers a function
 * that stops it.
 *
 * @param area where the refresh shows what it read: while it holds the screen's "Loading…"
 *     placeholder (class `loading`), a failure says there that nothing could be read, so the
 *     screen does not look as if it were still reading
 */
export function every(millis, refresh, area = null) {
  const source = `refresh-${++loops}`;
  let timer = null;
  let stopped = false;
  const run = async () => {
    timer = null;
    if (stopped) return;
    if (!document.hidden) {
      try {
        await refresh();
        clearError(source);
      } catch (error) {
        showError(error, 'Refreshing', source);
        if (area) notRead(area);
      }
    }
    if (!stopped) timer = setTimeout(run, millis);
  };
  const onVisible = () => {
    if (!document.hidden && timer !== null) {
      clearTimeout(timer);
      run();
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  run();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Runs a screen's first read (its form's choices, the definition it edits) until it succeeds: a
 * failure Ordo may get over (unreachable, 5xx, a token asked for again) is shown and the read tried
 * again after `millis`, so the screen fills in once Ordo answers instead of staying empty until a
 * reload; another failure is shown and ends it. Answers a function that stops it.
 */
export function untilRead(millis, what, read) {
  const source = `read-${++loops}`;
  let timer = null;
  let stopped = false;
  const run = async () => {
    timer = null;
    try {
      await read();
      clearError(source);
    } catch (error) {
      if (stopped || (error && error.name === 'AbortError')) return;
      showError(error, what, source);
      const status = error && error.status;
      if (status === 0 || status === 401 || status >= 500) timer = setTimeout(run, millis);
    }
  };
  run();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}

/** A screen's "Loading…" placeholder (see every). */
export function loading(text) {
  return h('p', {class: 'muted loading'}, text);
}

function notRead(area) {
  const placeholder = area.querySelector(':scope > .loading');
  if (placeholder) {
    placeholder.textContent = 'Could not be read (the error is shown above); read again every few '
      + 'seconds.';
  }
}

/** "Updated 12:03:04" beside a screen's title, with a button to refresh at once. */
export function freshness(onRefresh) {
  const label = h('span', {class: 'muted'}, '');
  const el = h('p', {class: 'freshness'}, label, ' ',
    h('button', {type: 'button', class: 'button-quiet button-small',
      onclick: () => act(null, 'Refreshing', onRefresh)}, 'Refresh now'));
  return {
    el,
    touch() {
      label.textContent = `Updated ${formatTime(new Date())} · refreshes every few seconds`;
    },
  };
}
