// Queues: the parallel queue and every serial queue with state, counts and blocked reason;
// activate/deactivate; add and remove serial queues.

import * as api from '../api.js';
import {h, heading, replaceContent} from '../dom.js';
import {PARALLEL, activeToggle, blocked, queueHref, queueKey, queueName, serial, stateBadge}
  from '../queues.js';
import {figuresSection} from '../figures.js';
import {act, confirmDialog, every, freshness, loading, showStatus} from '../ui.js';
import {failedLastHour} from './tasks-list.js';

const REFRESH_MS = 3000;
// The failed count reads the finished tasks of the last hour: not every 3 s.
const FAILED_REFRESH_MS = 30_000;

export function render(main) {
  const tableArea = h('div', {class: 'table-area'}, loading('Loading queues…'));
  const fresh = freshness(() => refresh());
  let last = '';

  async function refresh(force = false) {
    const [parallel, serials] = await Promise.all([
      api.get('/parallel-queue?limit=1'),
      api.get('/serial-queues'),
    ]);
    fresh.touch();
    const snapshot = JSON.stringify([parallel, serials]);
    if (!force && snapshot === last) return;
    last = snapshot;
    replaceContent(tableArea, table(parallel, serials, () => refresh(true)));
    listed = [PARALLEL, ...serials.map((info) => serial(info.queueId))];
    figures.relist();
  }

  // --- Per-queue figures of the last hour (figures.js): a block of its own ---
  let listed = [PARALLEL];
  const figures = figuresSection(() => listed);
  // --- end of the figures block ---

  main.append(
    h('div', {class: 'screen-head'}, heading('Queues'), fresh.el),
    h('section', {'aria-labelledby': 'queues-title'},
      h('h2', {id: 'queues-title', class: 'visually-hidden'}, 'All queues'),
      tableArea),
    figures.el,
    addQueueForm(() => refresh(true)));
  const failed = failedLastHour(FAILED_REFRESH_MS);
  main.querySelector('.screen-head').after(failed.el);
  const stopLists = every(REFRESH_MS, refresh, tableArea);
  return () => {
    stopLists();
    figures.stop();
    failed.stop();
  };
}

function table(parallel, serials, after) {
  const rows = [row(PARALLEL, parallel, after)];
  for (const info of serials) rows.push(row(serial(info.queueId), info, after));
  return h('table', {class: 'data responsive', id: 'queues-table'},
    h('caption', {class: 'visually-hidden'},
      `The parallel queue and ${serials.length} serial queue(s)`),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Queue'),
      h('th', {scope: 'col'}, 'Kind'),
      h('th', {scope: 'col'}, 'State'),
      h('th', {scope: 'col', class: 'num'}, 'Waiting'),
      h('th', {scope: 'col', class: 'num'}, 'Running'),
      h('th', {scope: 'col'}, 'Blocked because'),
      h('th', {scope: 'col'}, h('span', {class: 'visually-hidden'}, 'Actions')))),
    h('tbody', {}, rows),
    serials.length ? null : h('tfoot', {}, h('tr', {}, h('td', {colspan: 7, class: 'muted'},
      'No serial queues yet: add one below.'))));
}

function row(queue, info, after) {
  const name = queueName(queue);
  return h('tr', {dataset: {queue: queueKey(queue)}},
    h('th', {scope: 'row', 'data-label': 'Queue'},
      h('a', {href: queueHref(queue), class: queue.kind === 'serial' ? 'mono' : null}, name)),
    h('td', {'data-label': 'Kind'}, queue.kind === 'parallel' ? 'parallel' : 'serial'),
    h('td', {'data-label': 'State', class: 'queue-state'}, stateBadge(info.isActive)),
    h('td', {'data-label': 'Waiting', class: 'num waiting-count'}, info.waitingCount),
    h('td', {'data-label': 'Running', class: 'num running-count'}, info.runningCount),
    h('td', {'data-label': 'Blocked because', class: 'blocked-reason'}, blocked(info)),
    h('td', {class: 'actions'},
      activeToggle(queue, info.isActive, after),
      queue.kind === 'serial' ? removeButton(queue, after) : null));
}

function removeButton(queue, after) {
  const button = h('button', {
    type: 'button',
    class: 'button-small button-danger-quiet',
    dataset: {focusKey: `remove:${queueKey(queue)}`},
    'aria-label': `Remove queue ${queue.id}`,
  }, 'Remove');
  button.addEventListener('click', async () => {
    const ok = await confirmDialog({
      title: `Remove queue ${queue.id}?`,
      message: 'Only a queue without waiting or running tasks can be removed. '
        + 'A removed queue accepts no more tasks.',
      confirmLabel: 'Remove queue',
      danger: true,
    });
    if (!ok) return;
    await act(button, `Removing queue ${queue.id}`, async () => {
      await api.del(`/serial-queues/${api.seg(queue.id)}`);
      showStatus(`Queue ${queue.id} removed.`);
      await after();
    });
  });
  return button;
}

function addQueueForm(after) {
  const input = h('input', {
    id: 'new-queue-id', name: 'queueId', type: 'text', required: true, maxlength: 255,
    pattern: '[A-Za-z][A-Za-z0-9_.:\\-]*', autocomplete: 'off', spellcheck: 'false',
    placeholder: 'com.example.billing', 'aria-describedby': 'new-queue-hint',
  });
  const active = h('input', {id: 'new-queue-active', name: 'active', type: 'checkbox',
    checked: true});
  const submit = h('button', {type: 'submit', class: 'button-primary'}, 'Add queue');
  const form = h('form', {class: 'inline-form', 'aria-labelledby': 'add-queue-title'},
    h('div', {class: 'field'},
      h('label', {for: 'new-queue-id'}, 'Queue id'),
      input,
      h('p', {class: 'hint', id: 'new-queue-hint'},
        'Letters, digits and . _ : - (at most 255); reverse-domain names are recommended.')),
    h('div', {class: 'field field-check'}, active,
      h('label', {for: 'new-queue-active'}, 'Active from the start')),
    h('div', {class: 'field field-submit'}, submit));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const queueId = input.value.trim();
    act(submit, `Adding queue ${queueId}`, async () => {
      await api.post('/serial-queues', {queueId, active: active.checked});
      showStatus(`Serial queue ${queueId} added.`);
      input.value = '';
      await after();
    });
  });
  return h('section', {class: 'panel', 'aria-labelledby': 'add-queue-title'},
    h('h2', {id: 'add-queue-title'}, 'Add a serial queue'), form);
}
