// Shared pieces of the queue screens: queue state, blocked reasons, activate/deactivate.

import * as api from './api.js';
import {badge, h, time} from './dom.js';
import {act, showStatus} from './ui.js';

export const PARALLEL = {kind: 'parallel', id: null};

export function serial(queueId) {
  return {kind: 'serial', id: queueId};
}

/** The API path of a queue (below /api/v1). */
export function queuePath(queue) {
  return queue.kind === 'parallel' ? '/parallel-queue' : `/serial-queues/${api.seg(queue.id)}`;
}

/** The UI route of a queue's tasks. */
export function queueHref(queue) {
  return queue.kind === 'parallel' ? '#/queues/parallel'
    : `#/queues/serial/${encodeURIComponent(queue.id)}`;
}

export function queueName(queue) {
  return queue.kind === 'parallel' ? 'Parallel queue' : queue.id;
}

/** A key unique among queues, for focus keys and form values. */
export function queueKey(queue) {
  return queue.kind === 'parallel' ? 'parallel' : `serial:${queue.id}`;
}

export function stateBadge(isActive) {
  return isActive ? badge('Active', 'active') : badge('Inactive', 'inactive');
}

const REASONS = {
  INACTIVE: 'The queue is inactive: nothing is selected from it.',
  STOPPED_ON_ERROR: 'A task failed with stop-on-error and deactivated the queue.',
  HEAD_IN_PROGRESS: 'A task of this serial queue is in progress; the next one waits for it.',
  DELAYED: 'The head of this serial queue waits for its time (a delay or a retry\'s back-off); '
    + 'the tasks behind it keep their order and wait too.',
  NO_CAPACITY: 'Every runner is busy.',
  NO_RUNNER: 'No runner is alive.',
  NO_RUNNER_OF_TYPE: 'No live runner runs the task type of the tasks that wait:',
};

/**
 * Why nothing runs although tasks wait, or a dash; and, for the parallel queue, the task types that
 * wait with no live runner of them while the rest of the queue is not blocked for that.
 */
export function blocked(info) {
  const reason = blockedReason(info);
  // NO_RUNNER names them itself
  const orphans = info.blockedReason === 'NO_RUNNER' ? [] : info.taskClassNamesWithoutRunner || [];
  if (!orphans.length) return reason || h('span', {class: 'muted'}, '—');
  const note = h('span', {class: 'without-runner'},
    'No live runner runs the waiting task types ', h('span', {class: 'mono'}, orphans.join(', ')),
    '; their tasks wait for one.');
  return reason ? h('span', {}, reason, ' ', note) : note;
}

function blockedReason(info) {
  const reason = info.blockedReason;
  if (!reason) return null;
  const details = info.blockedDetails || {};
  const extra = [];
  const types = details.taskClassNames || (details.taskClassName ? [details.taskClassName] : []);
  const text = types.length ? REASONS.NO_RUNNER_OF_TYPE : REASONS[reason] || '';
  if (types.length) extra.push(' ', h('span', {class: 'mono'}, types.join(', ')));
  if (details.messageId) {
    extra.push(types.length ? '. Task ' : ' Task ', h('a', {href: `#/tasks/${encodeURIComponent(details.messageId)}`,
      class: 'mono'}, details.messageId));
  }
  if (details.node) extra.push(` on ${details.node}`);
  if (details.notBefore) extra.push(' waits until ', time(details.notBefore));
  if (details.heartbeatAgeSeconds !== undefined && details.heartbeatAgeSeconds !== null) {
    extra.push(`, last sign of life ${Math.round(details.heartbeatAgeSeconds)} s ago`);
  }
  if (extra.length) extra.push('.');
  return h('span', {class: 'blocked'},
    h('span', {class: 'badge badge-blocked'}, reason), ' ',
    h('span', {class: 'blocked-text'}, text, ...extra));
}

/** The Activate / Deactivate button of a queue; calls `after` once the state changed. */
export function activeToggle(queue, isActive, after) {
  const label = isActive ? 'Deactivate' : 'Activate';
  const name = queueName(queue);
  const button = h('button', {
    type: 'button',
    class: 'button-small',
    dataset: {focusKey: `active:${queueKey(queue)}`},
    'aria-label': `${label} ${name}`,
  }, label);
  button.addEventListener('click', () => act(button, `${label} ${name}`, async () => {
    const result = await api.put(`${queuePath(queue)}/active`, {active: !isActive});
    showStatus(`${name} is now ${result.isActive ? 'active' : 'inactive'}.`);
    await after();
  }));
  return button;
}
