// The admin UI's entry point: sign-in, and the screens by location hash.
//   #/queues                     queues
//   #/queues/parallel            the parallel queue's tasks
//   #/queues/serial/{queueId}    a serial queue's tasks
//   #/register?queue=...         register a task
//   #/tasks?status=...          tasks, live and finished, filtered and paged; find one by id
//   #/tasks/{messageId}          a task with its history
//   #/state-machines             state machines: open or create one, the list
//   #/state-machines/{name}      a state machine: definition, graph, start, executions
//   #/executions?status=...     executions of every state machine, filtered and paged
//   #/executions/{executionId}   an execution: where it stands, its history, stop
//   #/schedules                  schedules: next fires, last result, pause/resume, trigger
//   #/runners                    the farm's live runners: threads busy, task types, lease

import * as api from './api.js';
import {h, heading} from './dom.js';
import {PARALLEL, serial} from './queues.js';
import {clearError, clearMessages} from './ui.js';
import * as login from './views/login.js';
import * as overview from './views/overview.js';
import * as queue from './views/queue.js';
import * as register from './views/register.js';
import * as runners from './views/runners.js';
import * as schedules from './views/schedules.js';
import * as execution from './views/execution.js';
import * as executionsList from './views/executions-list.js';
import * as stateMachine from './views/state-machine.js';
import * as stateMachines from './views/state-machines.js';
import * as task from './views/task.js';
import * as tasksList from './views/tasks-list.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
let dispose = null;

function route(path, params) {
  const [first, second, third] = segments(path);
  if (first === 'queues' && second === 'parallel') {
    return ['queues', 'Parallel queue', (el) => queue.render(el, PARALLEL)];
  }
  if (first === 'queues' && second === 'serial' && third) {
    return ['queues', `Serial queue ${third}`, (el) => queue.render(el, serial(third))];
  }
  if (first === 'register') return ['register', 'Register a task', (el) => register.render(el, params)];
  if (first === 'tasks' && second) return ['tasks', `Task ${second}`, (el) => task.render(el, second)];
  if (first === 'tasks') return ['tasks', 'Tasks', (el) => tasksList.render(el, params)];
  if (first === 'state-machines' && second) {
    return ['state-machines', `State machine ${second}`, (el) => stateMachine.render(el, second)];
  }
  if (first === 'executions' && second) {
    return ['state-machines', `Execution ${second}`, (el) => execution.render(el, second)];
  }
  if (first === 'executions') {
    return ['executions', 'Executions', (el) => executionsList.render(el, params)];
  }
  if (first === 'schedules') return ['schedules', 'Schedules', (el) => schedules.render(el)];
  if (first === 'runners') return ['runners', 'Runners', (el) => runners.render(el)];
  if (first === 'state-machines') {
    return ['state-machines', 'State machines', (el) => stateMachines.render(el)];
  }
  return ['queues', 'Queues', (el) => overview.render(el)];
}

/**
 * The hash path's segments, decoded. Throws for a malformed % escape and for "." or "..", which
 * no id or name may be (the API's URLs would resolve them to another path).
 */
function segments(path) {
  return path.split('/').filter(Boolean).map((part) => {
    let text;
    try {
      text = decodeURIComponent(part);
    } catch {
      throw new Error(`"${part}" has a malformed % escape.`);
    }
    if (api.isDotSegment(text)) throw new Error(`"${text}" cannot be an id or a name.`);
    return text;
  });
}

/** The screen of an address that names nothing: says why, with the way back. */
function invalidAddress(el, error) {
  el.append(
    h('div', {class: 'screen-head'}, heading('This address is not valid')),
    h('section', {class: 'panel', id: 'invalid-address'},
      h('p', {}, `The address ${location.hash} cannot be read: ${error.message}`),
      h('p', {}, h('a', {href: '#/queues'}, 'Go to the queues'),
        ' or choose a section above.')));
}

function show() {
  if (dispose) dispose();
  dispose = null;
  clearMessages();
  main.replaceChildren();
  if (!api.token()) {
    signIn();
    return;
  }
  const [hash, query = ''] = location.hash.replace(/^#/, '').split('?');
  setSignedIn(true);
  let section, title, render;
  try {
    [section, title, render] = route(hash, new URLSearchParams(query));
  } catch (error) {
    [section, title, render] = [null, 'Address not valid', (el) => invalidAddress(el, error)];
  }
  for (const link of nav.querySelectorAll('a')) {
    if (link.dataset.section === section) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${title} · Ordo admin`;
  dispose = render(main) || null;
  const screenTitle = document.getElementById('screen-title');
  if (screenTitle && document.activeElement === document.body) screenTitle.focus();
}

function signIn() {
  if (dispose) dispose();
  dispose = null;
  setSignedIn(false);
  main.replaceChildren();
  document.title = 'Sign in · Ordo admin';
  login.render(main, {onSignedIn: show});
}

function setSignedIn(signedIn) {
  nav.hidden = !signedIn;
  document.getElementById('session').hidden = !signedIn;
  showTenant();
}

/** Names the tenant an admin token acts on beside Sign out (none: the token's own). */
function showTenant() {
  const tenant = api.tenant();
  document.getElementById('session-tenant').textContent = tenant ? `Tenant ${tenant}` : '';
}

// A token the API refuses while a screen is shown (it expired, or was rotated away) is asked for
// again in a dialog over the screen, so that what was typed there stays and the refused action can
// be done again; the screen's refreshes meet the same refusal meanwhile and wait for it.
let signingInAgain = false;

api.onUnauthorized((error) => {
  if (!api.token() || signingInAgain) return; // the sign-in form tells by itself
  signingInAgain = true;
  signInAgain(error.message);
});

function signInAgain(reason) {
  const tenantBefore = api.tenant();
  const signOut = h('button', {type: 'button', class: 'button-quiet'}, 'Sign out');
  const {form, input} = login.tokenForm({
    reason: `The token of this tab is no longer accepted (${reason}). Sign in again to go on `
      + 'where you were.',
    idPrefix: 'again-',
    extraButtons: [' ', signOut],
    onSignedIn: () => {
      dialog.close();
      clearError();
      showTenant();
      // another tenant's screen is drawn anew: what it showed was the tenant before
      if (api.tenant() !== tenantBefore) show();
    },
  });
  const dialog = h('dialog', {'aria-labelledby': 'again-title', class: 'sign-in-again'},
    h('div', {class: 'dialog-form'}, h('h2', {id: 'again-title'}, 'Sign in again'), form));
  // Escape closes it too: the next call the API refuses asks again
  dialog.addEventListener('close', () => {
    signingInAgain = false;
    dialog.remove();
  });
  signOut.addEventListener('click', () => {
    dialog.close();
    signOutOfTab();
  });
  document.body.append(dialog);
  dialog.showModal();
  input.focus();
}

/** Forgets the tab's token and tenant and shows the sign-in form. */
function signOutOfTab() {
  api.setToken(null);
  api.setTenant(null);
  clearMessages();
  signIn();
}

document.getElementById('sign-out').addEventListener('click', signOutOfTab);

// The skip link must not change the hash: the hash names the screen.
document.querySelector('.skip-link').addEventListener('click', (event) => {
  event.preventDefault();
  (document.getElementById('screen-title') || main).focus();
});

window.addEventListener('hashchange', () => {
  show();
  document.getElementById('screen-title')?.focus();
});
show();
