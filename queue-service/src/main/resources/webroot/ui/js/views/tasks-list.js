// Tasks: the tenant's tasks, live and finished, newest first, filtered by status, queue, task and
// time, a page at a time, the page shown refreshed every 3 s; re-run a finished one; open any task
// by its id.

import * as api from '../api.js';
import {badge, h, heading, replaceContent, taskLink, taskType, time} from '../dom.js';
import {clearLink, fromHash, isoOf, pager, query, statusChecks, timeField, toHash}
  from '../lists.js';
import {act, every, showStatus} from '../ui.js';
import {findForm} from './find.js';

const STATUSES = ['WAITING', 'RUNNING', 'COMPLETED', 'FAILED', 'TIMED_OUT', 'RELEASED', 'STOPPED',
  'REMOVED', 'LEASE_EXPIRED'];
const FIELDS = ['queue', 'queueId', 'taskClassName', 'jsPath', 'executionId', 'since', 'until'];
const PAGE_SIZE = 50;

export function render(main, params) {
  const values = fromHash(params, FIELDS);
  const area = h('div', {class: 'table-area'}, h('p', {class: 'muted'}, 'Loading tasks…'));
  let listed = false;
  const pages = pager(async (token) => {
    try {
      return await api.get(`/tasks?${query(values, token, PAGE_SIZE)}`);
    } catch (error) {
      if (!listed) replaceContent(area, h('p', {class: 'empty'}, 'The tasks could not be listed.'));
      throw error;
    }
  }, (page) => {
    listed = true;
    replaceContent(area, page.tasks.length ? table(page.tasks, () => pages.again())
      : h('p', {class: 'empty'}, 'No task matches these filters.'));
  }, 'Listing tasks');
  main.append(
    h('div', {class: 'screen-head'}, heading('Tasks')),
    h('section', {class: 'panel', 'aria-labelledby': 'find-title'},
      h('h2', {id: 'find-title'}, 'Open a task by id'), findForm()),
    h('section', {class: 'panel', 'aria-labelledby': 'filter-title'},
      h('h2', {id: 'filter-title'}, 'Filter'), filterForm(values)),
    h('section', {'aria-labelledby': 'tasks-title'},
      h('h2', {id: 'tasks-title'}, 'Tasks, newest received first'), area, pages.el));
  return pages.start();
}

function filterForm(values) {
  const text = (name, label, hint, list) => h('div', {class: 'field'},
    h('label', {for: `tasks-${name}`}, label),
    h('input', {id: `tasks-${name}`, name, type: 'text', value: values[name] || null,
      autocomplete: 'off', spellcheck: 'false', class: 'mono', maxlength: 1024, list}),
    hint ? h('p', {class: 'hint'}, hint) : null);
  // The task classes the API knows: offered as the field is typed, and to read a simple name.
  const classList = h('datalist', {id: 'tasks-class-names'});
  const typesRead = api.get('/task-types').then((types) => {
    const classes = types.filter((type) => type.taskClassName);
    classList.replaceChildren(...classes.map((type) => h('option', {value: type.taskClassName},
      (type.aliases || [])[0] || simpleName(type.taskClassName))));
    return classes;
  }).catch(() => []); // the filter takes full names and aliases without them
  const queue = h('select', {id: 'tasks-queue', name: 'queue'},
    ['', 'parallel', 'serial'].map((kind) => h('option', {value: kind,
      selected: values.queue === kind}, kind || 'any')));
  const form = h('form', {class: 'inline-form filters', id: 'tasks-filter'},
    statusChecks('tasks-status', STATUSES, values.status),
    h('div', {class: 'field'}, h('label', {for: 'tasks-queue'}, 'Queue'), queue),
    text('queueId', 'Serial queue id'),
    text('taskClassName', 'Task class name', 'The full class name, an alias, or the simple name '
      + 'the list shows (of a class a runner runs)', 'tasks-class-names'), classList,
    text('jsPath', 'Script (jsPath)'),
    text('executionId', 'State-machine execution id'),
    timeField('tasks-since', 'Received or ended from', values.since),
    timeField('tasks-until', 'Received or ended before', values.until),
    h('div', {class: 'field field-submit'},
      h('button', {type: 'submit', class: 'button-primary'}, 'Apply filters'), ' ',
      clearLink('tasks')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const chosen = {status: data.getAll('status')};
    for (const name of FIELDS) chosen[name] = String(data.get(name) || '').trim();
    chosen.taskClassName = className(chosen.taskClassName, await typesRead);
    chosen.since = isoOf(chosen.since);
    chosen.until = isoOf(chosen.until);
    toHash('tasks', chosen);
  });
  return form;
}

/**
 * A class name as the API filters by it. The list shows a class's simple name (FailTask), which the
 * API does not know: it is read as the full name of the one known class of that simple name. A full
 * name or an alias (Fail) is kept as it is.
 */
function className(text, classes) {
  if (!text || text.includes('.')) return text;
  if (classes.some((type) => (type.aliases || []).includes(text))) return text;
  const named = classes.filter((type) => simpleName(type.taskClassName) === text);
  return named.length === 1 ? named[0].taskClassName : text;
}

function simpleName(name) {
  return name.slice(name.lastIndexOf('.') + 1);
}

function table(tasks, after) {
  return h('table', {class: 'data responsive', id: 'tasks-table'},
    h('caption', {class: 'visually-hidden'}, `${tasks.length} task(s), newest received first`),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Message id'),
      h('th', {scope: 'col'}, 'Task'),
      h('th', {scope: 'col'}, 'Queue'),
      h('th', {scope: 'col'}, 'Status'),
      h('th', {scope: 'col'}, 'Received'),
      h('th', {scope: 'col'}, 'Ended'),
      h('th', {scope: 'col', class: 'num'}, 'Duration'),
      h('th', {scope: 'col'}, 'Error'),
      h('th', {scope: 'col'}, h('span', {class: 'visually-hidden'}, 'Actions')))),
    h('tbody', {}, tasks.map((task) => row(task, after))));
}

function row(task, after) {
  const finished = !['WAITING', 'RUNNING'].includes(task.status);
  return h('tr', {dataset: {messageId: task.messageId, status: task.status}},
    h('th', {scope: 'row', 'data-label': 'Message id'}, taskLink(task.messageId)),
    h('td', {'data-label': 'Task'}, taskType(task)),
    h('td', {'data-label': 'Queue'}, task.queue === 'serial'
      ? h('a', {href: `#/queues/serial/${api.seg(task.queueId)}`, class: 'mono'}, task.queueId)
      : 'parallel'),
    h('td', {'data-label': 'Status'},
      badge(task.status, finished ? `outcome-${task.status}` : task.status)),
    h('td', {'data-label': 'Received'}, time(task.receivedTime)),
    h('td', {'data-label': 'Ended'}, time(task.endTime)),
    h('td', {'data-label': 'Duration', class: 'num'}, duration(task.durationMillis)),
    h('td', {'data-label': 'Error', class: 'mono'}, task.error || '', retryNote(task.outcome)),
    h('td', {class: 'actions'}, finished ? rerunButton(task, after) : null));
}

// Why a failed run ended its task instead of being retried (the outcome's retryState).
const NOT_RETRIED = {
  RETRY_POLICY_NOT_SET: 'no retry policy',
  NON_RETRYABLE_FAILURE: 'not retryable',
  MAXIMUM_ATTEMPTS_REACHED: 'attempts used up',
  TIMEOUT: 'past its deadline',
};

function retryNote(outcome) {
  const state = outcome && outcome.retryState;
  if (!state) return null;
  return h('div', {class: 'muted', title: `Not retried: ${state}`}, NOT_RETRIED[state] || state);
}

function rerunButton(task, after) {
  const button = h('button', {type: 'button', class: 'button-small',
    dataset: {focusKey: `rerun:${task.messageId}`},
    'aria-label': `Re-run task ${task.messageId}`}, 'Re-run');
  button.addEventListener('click', () => act(button, `Re-running ${task.messageId}`, async () => {
    const fresh = await api.post(`/tasks/${api.seg(task.messageId)}/rerun`);
    showStatus('Re-run as ', taskLink(fresh.messageId), '.');
    await after();
  }));
  return button;
}

function duration(millis) {
  if (millis === null || millis === undefined) return h('span', {class: 'muted'}, '—');
  if (millis < 1000) return `${millis} ms`;
  if (millis < 60_000) return `${(millis / 1000).toFixed(1)} s`;
  return `${Math.floor(millis / 60_000)} min ${Math.round((millis % 60_000) / 1000)} s`;
}

/**
 * "Failed in the last hour: N", a link to this screen filtered to them, refreshed every
 * `millis`; for the overview. Answers {el, stop}.
 */
export function failedLastHour(millis) {
  const el = h('p', {class: 'failed-recently'});
  const stop = every(millis, async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const page = await api.get(`/tasks?${query({status: ['FAILED'], since}, null, 1000)}`);
    const count = page.nextPageToken ? '1000+' : String(page.tasks.length);
    replaceContent(el, h('a', {href: `#/tasks?${new URLSearchParams({status: 'FAILED', since})}`,
      id: 'failed-last-hour'}, `Failed in the last hour: ${count}`));
  });
  return {el, stop};
}
