// Per-queue figures over the last hour (GET /queues/stats): how many tasks each queue ended, how
// many completed, failed or timed out. Counted from the closed task histories, so they are the
// farm's figures whichever node answers; refreshed less often than the lists (a read of an hour).

import * as api from './api.js';
import {h, replaceContent} from './dom.js';
import {PARALLEL, queueHref, queueKey, queueName, serial} from './queues.js';
import {every, loading} from './ui.js';

export const FIGURES_REFRESH_MS = 15000;
const WINDOW = 'PT1H';

/** The figures of the last hour, by queue key ({@link queueKey}); queues without any are absent. */
export async function lastHour() {
  const stats = await api.get(`/queues/stats?window=${WINDOW}`);
  const byQueue = new Map();
  for (const entry of stats.queues) {
    const queue = entry.queue === 'parallel' ? PARALLEL : serial(entry.queueId);
    byQueue.set(queueKey(queue), {...entry, queue});
  }
  return byQueue;
}

const NONE = {ended: 0, completed: 0, failed: 0, timedOut: 0};

/** One queue's figures as a short phrase: "12 ended · 10 completed · 2 failed · 0 timed out". */
export function phrase(figures) {
  const f = figures || NONE;
  return [`${f.ended} ended · ${f.completed} completed · `,
    h('span', {class: f.failed ? 'figure-failed' : null}, `${f.failed} failed`), ' · ',
    h('span', {class: f.timedOut ? 'figure-failed' : null}, `${f.timedOut} timed out`)];
}

/**
 * The overview's "last hour" section: a table of every queue the overview lists (and any other
 * with figures), refreshed every {@link FIGURES_REFRESH_MS}.
 *
 * @param listed answers the queues the overview shows now
 * @return {el, stop(), relist(): shows the figures again for the queues listed now}
 */
export function figuresSection(listed) {
  const area = h('div', {class: 'table-area'}, loading('Loading figures…'));
  const el = h('section', {'aria-labelledby': 'figures-title', id: 'figures'},
    h('h2', {id: 'figures-title'}, 'Last hour'),
    h('p', {class: 'hint'}, 'Tasks each queue ended in the last hour, by outcome.'),
    area);
  let byQueue = null;
  const show = () => {
    if (byQueue) replaceContent(area, figuresTable(listed(), byQueue));
  };
  const stop = every(FIGURES_REFRESH_MS, async () => {
    byQueue = await lastHour();
    show();
  }, area);
  return {el, stop, relist: show};
}

/** The "last hour" table of the overview: every queue listed, and any other with figures. */
export function figuresTable(queues, byQueue) {
  const keys = new Set(queues.map(queueKey));
  const all = [...queues, ...[...byQueue.values()].map((f) => f.queue)
    .filter((q) => !keys.has(queueKey(q)))];
  const cell = (label, value, cls) => h('td', {'data-label': label, class: `num ${cls}`}, value);
  return h('table', {class: 'data responsive', id: 'figures-table'},
    h('caption', {class: 'visually-hidden'}, 'Tasks each queue ended in the last hour'),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Queue'),
      h('th', {scope: 'col', class: 'num'}, 'Ended'),
      h('th', {scope: 'col', class: 'num'}, 'Completed'),
      h('th', {scope: 'col', class: 'num'}, 'Failed'),
      h('th', {scope: 'col', class: 'num'}, 'Timed out'),
      h('th', {scope: 'col', class: 'num'}, 'Per minute'))),
    h('tbody', {}, all.map((queue) => {
      const f = byQueue.get(queueKey(queue)) || NONE;
      return h('tr', {dataset: {queue: queueKey(queue)}},
        h('th', {scope: 'row', 'data-label': 'Queue'},
          h('a', {href: queueHref(queue), class: queue.kind === 'serial' ? 'mono' : null},
            queueName(queue))),
        cell('Ended', f.ended, 'figure-ended'),
        cell('Completed', f.completed, 'figure-completed'),
        cell('Failed', f.failed, f.failed ? 'figure-failed' : 'figure-zero'),
        cell('Timed out', f.timedOut, f.timedOut ? 'figure-failed' : 'figure-zero'),
        cell('Per minute', (f.ended / 60).toFixed(1), 'figure-rate'));
    })));
}
