// A queue's tasks: running tasks (node, accept and start times; release / forced stop) and the
// waiting tasks in queue order (remove).

import * as api from '../api.js';
import {badge, h, heading, replaceContent, shortJson, taskLink, taskType, time} from '../dom.js';
import {activeToggle, blocked, queueKey, queueName, queuePath, stateBadge} from '../queues.js';
import {taskActions} from '../tasks.js';
import {FIGURES_REFRESH_MS, lastHour, phrase} from '../figures.js';
import {every, freshness, loading, showError} from '../ui.js';

const REFRESH_MS = 3000;
const LIMIT = 100;

export function render(main, queue) {
  const name = queueName(queue);
  const summary = h('div', {class: 'queue-summary'}, loading('Loading…'));
  const running = h('div', {class: 'table-area'});
  const waiting = h('div', {class: 'table-area'});
  const runningTitle = h('h2', {id: 'running-title'}, 'Running');
  const waitingTitle = h('h2', {id: 'waiting-title'}, 'Waiting');
  const fresh = freshness(() => refresh(true));
  const figures = h('p', {class: 'queue-figures', id: 'queue-figures'}, 'Last hour: …');
  // The waiting list's pages: the token of each page shown so far (the first has none).
  let pages = [null];
  let generation = 0; // moved by each page change: an answer it overtook is not shown
  let turning = false; // a page change is reading its page
  const filter = h('input', {id: 'waiting-filter', type: 'search', autocomplete: 'off',
    placeholder: 'task type, message id or parameter'});
  let last = '';
  let info = null; // the queue as last read
  // Filters the page shown: nothing to read.
  filter.addEventListener('input', () => info && showWaiting());

  const read = (wanted) => {
    const token = wanted[wanted.length - 1];
    return api.get(`${queuePath(queue)}?limit=${LIMIT}`
      + (token ? `&waitingPageToken=${encodeURIComponent(token)}` : ''));
  };

  /** Shows another page of the waiting list once it is read; if that fails, says so and stays. */
  async function turn(next) {
    const mine = ++generation;
    turning = true;
    try {
      const answer = await read(next);
      if (mine !== generation) return;
      pages = next;
      show(answer, true);
    } catch (error) {
      if (mine === generation) showError(error, 'Changing the page');
    } finally {
      if (mine === generation) turning = false;
    }
  }

  async function refresh(force = false) {
    if (turning) return;
    const seen = generation;
    let answer;
    try {
      answer = await read(pages);
    } catch (error) {
      if (error.status === 404) {
        replaceContent(summary, h('p', {class: 'missing', id: 'queue-missing'},
          `${name} does not exist: there is no such queue (or it was removed).`));
        replaceContent(running);
        replaceContent(waiting);
        last = '';
      }
      throw error;
    }
    if (seen !== generation || turning) return;
    show(answer, force);
  }

  function show(answer, force) {
    fresh.touch();
    const snapshot = JSON.stringify(answer);
    if (!force && snapshot === last) return;
    last = snapshot;
    info = answer;
    const after = () => refresh(true);
    const runningTasks = queue.kind === 'parallel' ? info.runningTasks
      : info.runningTask ? [info.runningTask] : [];
    replaceContent(summary, summaryList(queue, info, after));
    runningTitle.textContent = `Running (${info.runningCount})`;
    waitingTitle.textContent = `Waiting (${info.waitingCount})`;
    replaceContent(running, runningTable(runningTasks, after));
    showWaiting();
  }

  function showWaiting() {
    const after = () => refresh(true);
    const page = {offset: (pages.length - 1) * LIMIT, pages, turn, filter: filter.value};
    replaceContent(waiting, waitingTable(info, page, after));
  }

  async function refreshFigures() {
    const byQueue = await lastHour();
    replaceContent(figures, 'Last hour: ', phrase(byQueue.get(queueKey(queue))));
  }

  main.append(
    h('p', {class: 'breadcrumb'}, h('a', {href: '#/queues'}, 'Queues'), ' / ', name),
    h('div', {class: 'screen-head'},
      heading(queue.kind === 'parallel' ? 'Parallel queue' : `Serial queue ${queue.id}`),
      fresh.el),
    summary,
    figures,
    h('p', {},
      h('a', {href: `#/register?queue=${encodeURIComponent(queueKey(queue))}`,
        class: 'button-link'}, `Register a task in ${name}`)),
    h('section', {'aria-labelledby': 'running-title', id: 'running'}, runningTitle, running),
    h('section', {'aria-labelledby': 'waiting-title', id: 'waiting'}, waitingTitle,
      h('div', {class: 'field waiting-filter'},
        h('label', {for: 'waiting-filter'}, 'Filter this page'), filter),
      waiting));
  const stopLists = every(REFRESH_MS, refresh, summary);
  const stopFigures = every(FIGURES_REFRESH_MS, refreshFigures);
  return () => {
    stopLists();
    stopFigures();
  };
}

function summaryList(queue, info, after) {
  return h('dl', {class: 'facts'},
    h('div', {}, h('dt', {}, 'State'),
      h('dd', {class: 'queue-state'}, stateBadge(info.isActive), ' ',
        activeToggle(queue, info.isActive, after))),
    h('div', {}, h('dt', {}, 'Waiting'), h('dd', {class: 'waiting-count'}, info.waitingCount)),
    h('div', {}, h('dt', {}, 'Running'), h('dd', {class: 'running-count'}, info.runningCount)),
    h('div', {}, h('dt', {}, 'Blocked because'),
      h('dd', {class: 'blocked-reason'}, blocked(info))));
}

function runningTable(tasks, after) {
  if (!tasks.length) return h('p', {class: 'empty'}, 'No task is running.');
  return h('table', {class: 'data responsive', id: 'running-table'},
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Message id'),
      h('th', {scope: 'col'}, 'Task'),
      h('th', {scope: 'col'}, 'State'),
      h('th', {scope: 'col'}, 'Node'),
      h('th', {scope: 'col'}, 'Accepted'),
      h('th', {scope: 'col'}, 'Started'),
      h('th', {scope: 'col', class: 'num'}, 'Attempt'),
      h('th', {scope: 'col'}, 'Last heartbeat'),
      h('th', {scope: 'col'}, h('span', {class: 'visually-hidden'}, 'Actions')))),
    h('tbody', {}, tasks.map((task) => h('tr', {dataset: {messageId: task.messageId}},
      h('th', {scope: 'row', 'data-label': 'Message id'}, taskLink(task.messageId)),
      h('td', {'data-label': 'Task'}, taskType(task)),
      h('td', {'data-label': 'State'}, badge(task.state)),
      h('td', {'data-label': 'Node', class: 'node'}, task.node || '—'),
      h('td', {'data-label': 'Accepted'}, time(task.acceptTime)),
      h('td', {'data-label': 'Started'}, time(task.startTime)),
      h('td', {'data-label': 'Attempt', class: 'num'}, task.attempt),
      h('td', {'data-label': 'Last heartbeat'}, time(task.lastHeartbeatTime)),
      h('td', {class: 'actions'}, taskActions(task, after))))));
}

/**
 * A page of the waiting list, filtered, with its page buttons.
 *
 * @param page {offset: entries on the pages before, pages: their tokens, turn(pages), filter}
 */
function waitingTable(info, page, after) {
  const all = info.waitingTasks || [];
  const nav = pager(info, page, all.length);
  if (!all.length) {
    return [h('p', {class: 'empty'}, page.offset ? 'No task is waiting past the pages before.'
      : 'No task is waiting.'), nav];
  }
  const needle = page.filter.trim().toLowerCase();
  const tasks = all.map((task, i) => ({task, position: page.offset + i + 1}))
    .filter(({task}) => !needle || [task.messageId, task.taskClassName, task.jsPath,
      JSON.stringify(task.parameter)].some((text) => text && text.toLowerCase().includes(needle)));
  if (!tasks.length) {
    return [h('p', {class: 'empty'}, `No task on this page matches "${page.filter.trim()}".`), nav];
  }
  return [h('table', {class: 'data responsive', id: 'waiting-table'},
    h('caption', {class: 'visually-hidden'}, 'Waiting tasks, head of the queue first'),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col', class: 'num'}, 'Position'),
      h('th', {scope: 'col'}, 'Message id'),
      h('th', {scope: 'col'}, 'Task'),
      h('th', {scope: 'col'}, 'Parameter'),
      h('th', {scope: 'col'}, 'Received'),
      h('th', {scope: 'col', class: 'num'}, 'Attempt'),
      h('th', {scope: 'col'}, 'Not before'),
      h('th', {scope: 'col'}, h('span', {class: 'visually-hidden'}, 'Actions')))),
    h('tbody', {}, tasks.map(({task, position}) => h('tr', {dataset: {messageId: task.messageId}},
      h('td', {'data-label': 'Position', class: 'num'}, position),
      h('th', {scope: 'row', 'data-label': 'Message id'}, taskLink(task.messageId)),
      h('td', {'data-label': 'Task'}, taskType(task)),
      h('td', {'data-label': 'Parameter'}, shortJson(task.parameter)),
      h('td', {'data-label': 'Received'}, time(task.receivedTime)),
      h('td', {'data-label': 'Attempt', class: 'num'}, task.attempt),
      h('td', {'data-label': 'Not before'}, notBefore(task)),
      h('td', {class: 'actions'}, taskActions(task, after)))))), nav];
}

/** "Showing 101–200 of 250" and the first / previous / next page buttons. */
function pager(info, page, shown) {
  const {offset, pages, turn} = page;
  const next = info.waitingNextPageToken;
  if (!offset && !next) return null;
  const button = (label, onclick, enabled) => h('button', {type: 'button',
    class: 'button-small', disabled: !enabled, onclick, dataset: {focusKey: `page:${label}`}},
  label);
  return h('nav', {class: 'pager', 'aria-label': 'Waiting list pages'},
    h('span', {class: 'muted pager-range'}, shown
      ? `Showing ${offset + 1}–${offset + shown} of ${info.waitingCount}` : ''),
    button('First page', () => turn([null]), offset > 0),
    button('Previous page', () => turn(pages.slice(0, -1)), offset > 0),
    button('Next page', () => turn([...pages, next]), !!next));
}

/** A waiting task's time: delayed (never ran) or retrying (a run failed), or a dash. */
function notBefore(task) {
  if (!task.notBefore) return h('span', {class: 'muted'}, '—');
  return [badge(task.attempt > 0 ? 'Retrying' : 'Delayed', 'blocked'), ' ', time(task.notBefore)];
}
