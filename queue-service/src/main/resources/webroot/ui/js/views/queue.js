// A queue's tasks: running tasks (node, accept and start times; release / forced stop) and the
// waiting tasks in queue order (remove).

import * as api from '../api.js';
import {badge, h, heading, replaceContent, shortJson, taskLink, taskType, time} from '../dom.js';
import {activeToggle, blocked, queueKey, queueName, queuePath, stateBadge} from '../queues.js';
import {taskActions} from '../tasks.js';
import {every, freshness} from '../ui.js';

const REFRESH_MS = 3000;
const LIMIT = 100;

export function render(main, queue) {
  const name = queueName(queue);
  const summary = h('div', {class: 'queue-summary'}, h('p', {class: 'muted'}, 'Loading…'));
  const running = h('div', {class: 'table-area'});
  const waiting = h('div', {class: 'table-area'});
  const runningTitle = h('h2', {id: 'running-title'}, 'Running');
  const waitingTitle = h('h2', {id: 'waiting-title'}, 'Waiting');
  const fresh = freshness(() => refresh(true));
  let last = '';

  async function refresh(force = false) {
    const info = await api.get(`${queuePath(queue)}?limit=${LIMIT}`);
    fresh.touch();
    const snapshot = JSON.stringify(info);
    if (!force && snapshot === last) return;
    last = snapshot;
    const after = () => refresh(true);
    const runningTasks = queue.kind === 'parallel' ? info.runningTasks
      : info.runningTask ? [info.runningTask] : [];
    replaceContent(summary, summaryList(queue, info, after));
    runningTitle.textContent = `Running (${info.runningCount})`;
    waitingTitle.textContent = `Waiting (${info.waitingCount})`;
    replaceContent(running, runningTable(runningTasks, after));
    replaceContent(waiting, waitingTable(info, after));
  }

  main.append(
    h('p', {class: 'breadcrumb'}, h('a', {href: '#/queues'}, 'Queues'), ' / ', name),
    h('div', {class: 'screen-head'},
      heading(queue.kind === 'parallel' ? 'Parallel queue' : `Serial queue ${queue.id}`),
      fresh.el),
    summary,
    h('p', {},
      h('a', {href: `#/register?queue=${encodeURIComponent(queueKey(queue))}`,
        class: 'button-link'}, `Register a task in ${name}`)),
    h('section', {'aria-labelledby': 'running-title', id: 'running'}, runningTitle, running),
    h('section', {'aria-labelledby': 'waiting-title', id: 'waiting'}, waitingTitle, waiting));
  return every(REFRESH_MS, refresh);
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

function waitingTable(info, after) {
  const tasks = info.waitingTasks || [];
  if (!tasks.length) return h('p', {class: 'empty'}, 'No task is waiting.');
  const more = info.waitingCount > tasks.length
    ? h('p', {class: 'muted'}, `Showing the first ${tasks.length} of ${info.waitingCount}.`) : null;
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
    h('tbody', {}, tasks.map((task, i) => h('tr', {dataset: {messageId: task.messageId}},
      h('td', {'data-label': 'Position', class: 'num'}, i + 1),
      h('th', {scope: 'row', 'data-label': 'Message id'}, taskLink(task.messageId)),
      h('td', {'data-label': 'Task'}, taskType(task)),
      h('td', {'data-label': 'Parameter'}, shortJson(task.parameter)),
      h('td', {'data-label': 'Received'}, time(task.receivedTime)),
      h('td', {'data-label': 'Attempt', class: 'num'}, task.attempt),
      h('td', {'data-label': 'Not before'}, notBefore(task)),
      h('td', {class: 'actions'}, taskActions(task, after)))))), more];
}

/** A waiting task's time: delayed (never ran) or retrying (a run failed), or a dash. */
function notBefore(task) {
  if (!task.notBefore) return h('span', {class: 'muted'}, '—');
  return [badge(task.attempt > 0 ? 'Retrying' : 'Delayed', 'blocked'), ' ', time(task.notBefore)];
}
