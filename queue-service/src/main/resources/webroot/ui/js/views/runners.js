// Runners: the farm's live runner nodes (GET /api/v1/runners), each with its threads busy of its
// maximum, how many messages it takes at once (threads plus prefetch room), the task types it
// runs, its version, and its lease: started, last renewal, expiry. A runner reports itself with
// each lease renewal, so "busy" and what it takes are as of its last renewal.

import * as api from '../api.js';
import {h, replaceContent, heading, time} from '../dom.js';
import {every, freshness, loading} from '../ui.js';

const REFRESH_MS = 5000;

export function render(main) {
  const summary = h('p', {class: 'muted', id: 'runners-summary'}, '');
  const list = h('div', {class: 'table-area'}, loading('Loading runners…'));
  const fresh = freshness(() => refresh(true));
  let last = '';

  async function refresh(force = false) {
    const runners = await api.get('/runners');
    fresh.touch();
    const snapshot = JSON.stringify(runners);
    if (!force && snapshot === last) return;
    last = snapshot;
    const busy = runners.reduce((sum, r) => sum + (r.busy || 0), 0);
    const threads = runners.reduce((sum, r) => sum + (r.maxThreads || 0), 0);
    summary.textContent = runners.length
      ? `${runners.length} runner(s) · ${busy} of ${threads} threads busy`
      : '';
    replaceContent(list, runners.length ? table(runners)
      : h('p', {class: 'empty'}, 'No runner holds a lease: registered tasks wait until one starts.'));
  }

  main.append(
    h('div', {class: 'screen-head'}, heading('Runners'), fresh.el),
    h('section', {'aria-labelledby': 'runners-title'},
      h('h2', {id: 'runners-title'}, 'Live runners'),
      summary,
      list));
  return every(REFRESH_MS, refresh, list);
}

function threads(r) {
  if (r.maxThreads == null) return h('span', {class: 'muted'}, 'not reported');
  return h('span', {},
    h('meter', {min: '0', max: String(r.maxThreads), value: String(r.busy || 0),
      'aria-label': `${r.busy} of ${r.maxThreads} threads busy on ${r.node}`}),
    '\u00a0', `${r.busy}\u00a0/\u00a0${r.maxThreads}`);
}

function taskTypes(types) {
  if (!types.length) return h('span', {class: 'muted'}, 'scripts only');
  const simple = types.map((name) => name.slice(name.lastIndexOf('.') + 1));
  return h('span', {title: types.join('\n')}, simple.join(', '));
}

function table(runners) {
  return h('table', {class: 'data responsive', id: 'runners-table'},
    h('caption', {class: 'visually-hidden'}, `${runners.length} live runner(s), by node name`),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Runner'),
      h('th', {scope: 'col'}, 'Threads busy'),
      h('th', {scope: 'col', title: 'Messages it takes at once: its threads plus the prefetch room its tasks\u2019 pace allows'}, 'Takes at once'),
      h('th', {scope: 'col'}, 'Task types'),
      h('th', {scope: 'col'}, 'Started'),
      h('th', {scope: 'col'}, 'Last renewal'),
      h('th', {scope: 'col'}, 'Lease expires'))),
    h('tbody', {}, runners.map((r) => h('tr', {'data-runner': r.node},
      h('th', {scope: 'row', 'data-label': 'Runner'}, h('span', {class: 'mono'}, r.node),
        h('br'), h('span', {class: 'muted'}, r.version ? `Ordo ${r.version}` : 'version unknown')),
      h('td', {'data-label': 'Threads busy', 'data-busy': String(r.busy ?? '')}, threads(r)),
      h('td', {'data-label': 'Takes at once'}, String(r.capacity ?? '')),
      h('td', {'data-label': 'Task types'}, taskTypes(r.taskTypes)),
      h('td', {'data-label': 'Started'}, time(r.startedAt)),
      h('td', {'data-label': 'Last renewal'}, time(r.lastRenewedAt)),
      h('td', {'data-label': 'Lease expires'}, time(r.leaseExpiresAt))))));
}
