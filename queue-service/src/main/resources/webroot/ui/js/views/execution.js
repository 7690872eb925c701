// An execution: status, input, output, error and dates; the graph with where it stands (from its
// history); the history as a timeline; refreshed while it runs; Stop (after confirmation).

import * as api from '../api.js';
import {progress} from '../asl.js';
import {h, heading, prettyJson, replaceContent, time} from '../dom.js';
import {graphView, machineLink, statusBadge} from '../machines.js';
import {eventItem} from '../timeline.js';
import {act, confirmDialog, every, freshness, loading, showStatus} from '../ui.js';

const REFRESH_MS = 2000;
const PAGE = 1000;
const REVERSE_PAGE = 100;

export function render(main, executionId) {
  const controller = new AbortController();
  const path = `/executions/${api.seg(executionId)}`;
  const signal = controller.signal;
  const fresh = freshness(() => refresh(true));
  const title = h('span', {class: 'mono'}, executionId);
  const status = h('span', {id: 'execution-status'});
  const crumb = h('span', {}, '…');
  const actions = h('div', {class: 'actions task-actions'});
  const facts = h('div', {id: 'execution-facts'}, loading('Loading…'));
  const graphNote = h('p', {class: 'hint graph-note', id: 'graph-note'});
  const graph = graphView({id: 'execution-graph', label: 'Where the execution stands',
    legend: true});
  const count = h('span', {class: 'muted'}, '');
  const timeline = h('ol', {class: 'timeline', id: 'timeline', 'aria-label': 'Events, oldest first'});
  const announcer = h('p', {class: 'visually-hidden', 'aria-live': 'polite'});
  const events = [];
  let execution = null;
  let machine; // undefined: not asked yet; null: could not be read
  let lastFacts = '';
  let drawnEvents = -1;
  let finished = false;

  main.append(
    h('p', {class: 'breadcrumb'}, h('a', {href: '#/state-machines'}, 'State machines'), ' / ',
      crumb, ' / execution'),
    h('div', {class: 'screen-head'},
      heading('Execution ', title, ' ', status), fresh.el),
    actions,
    h('section', {class: 'panel', 'aria-labelledby': 'execution-facts-title'},
      h('h2', {id: 'execution-facts-title'}, 'Execution'), facts),
    h('section', {class: 'panel', 'aria-labelledby': 'execution-graph-title'},
      h('h2', {id: 'execution-graph-title'}, 'Where it stands'), graphNote, graph.el),
    h('section', {class: 'panel', 'aria-labelledby': 'history-title'},
      h('div', {class: 'section-head'}, h('h2', {id: 'history-title'}, 'History'), count),
      timeline, announcer));

  const stopRefresh = every(REFRESH_MS, () => (finished ? undefined : refresh()), facts);
  return () => {
    controller.abort();
    stopRefresh();
  };

  async function refresh(force = false) {
    let next;
    try {
      next = await api.get(path, {signal});
    } catch (error) {
      if (error.status === 404) {
        finished = true;
        replaceContent(facts, h('p', {}, 'No execution with this id.'));
      }
      throw error;
    }
    // Read after the execution: an ended execution's history is complete (one transaction).
    const added = await newEvents();
    fresh.touch();
    execution = next;
    if (machine === undefined) await loadMachine();
    const snapshot = JSON.stringify(next);
    if (force || snapshot !== lastFacts) {
      lastFacts = snapshot;
      showFacts();
    }
    if (added.length) {
      const announce = drawnEvents >= 0;
      for (const event of added) timeline.append(eventItem(event));
      count.textContent = `${events.length} event${events.length === 1 ? '' : 's'}`;
      if (announce) announcer.textContent = `New events: ${added.map((e) => e.eventType).join(', ')}`;
    }
    if (force || events.length !== drawnEvents) {
      drawnEvents = events.length;
      drawGraph();
    }
    if (next.status !== 'RUNNING') finished = true;
  }

  /** Events after the last one shown: all pages at first, then the newest pages until known. */
  async function newEvents() {
    const lastId = events.length ? events[events.length - 1].eventId : 0;
    const found = [];
    let token = null;
    do {
      const query = new URLSearchParams(lastId
        ? {reverseOrder: 'true', maximumPageSize: String(REVERSE_PAGE)}
        : {maximumPageSize: String(PAGE)});
      if (token) query.set('nextPageToken', token);
      const page = await api.get(`${path}/history?${query}`, {signal});
      const unseen = page.events.filter((e) => e.eventId > lastId);
      found.push(...unseen);
      token = page.nextPageToken;
      if (lastId && unseen.length < page.events.length) break; // reached what is shown
    } while (token);
    found.sort((a, b) => a.eventId - b.eventId);
    events.push(...found);
    return found;
  }

  async function loadMachine() {
    try {
      machine = await api.get(`/state-machines/${api.seg(execution.stateMachine)}`, {signal});
    } catch (error) {
      if (error.name === 'AbortError') throw error;
      machine = null;
    }
  }

  function showFacts() {
    const e = execution;
    title.textContent = e.name;
    status.replaceChildren(statusBadge(e.status));
    crumb.replaceChildren(machineLink(e.stateMachine));
    document.title = `Execution ${e.name} · Ordo admin`;
    const rows = [
      ['Status', statusBadge(e.status)],
      ['State machine', h('span', {}, machineLink(e.stateMachine), ` (revision ${e.revision})`)],
      ['Execution id', h('span', {class: 'mono'}, e.executionId)],
      ['Name', h('span', {class: 'mono'}, e.name)],
      ['Started', time(e.startDate)],
      ['Stopped', time(e.stopDate)],
      ['Duration', duration(e.startDate, e.stopDate)],
      e.error ? ['Error', h('span', {class: 'mono', id: 'execution-error'}, e.error)] : null,
      e.cause ? ['Cause', h('span', {id: 'execution-cause', class: 'multiline'}, e.cause)] : null,
      ['Input', json(e.input, 'execution-input')],
      e.status === 'SUCCEEDED' || e.output !== null
        ? ['Output', json(e.output, 'execution-output')] : null,
    ];
    replaceContent(facts, h('dl', {class: 'facts facts-wide', id: 'execution-facts-list'},
      rows.filter(Boolean).map(([term, value]) => h('div', {}, h('dt', {}, term),
        h('dd', {}, value)))));
    replaceContent(actions, e.status === 'RUNNING' ? stopButton() : null);
  }

  function drawGraph() {
    if (!machine) {
      graphNote.textContent = `The definition of ${execution.stateMachine} could not be read: `
        + 'see the history below.';
      graph.clear('No drawing.');
      return;
    }
    graphNote.textContent = machine.revision === execution.revision ? ''
      : `The execution runs revision ${execution.revision}; the drawing shows revision `
        + `${machine.revision}, the state machine's current one, which may differ.`;
    graph.draw(machine.definition, {
      title: `Where execution ${execution.name} stands`,
      progress: (model) => progress(model, events),
    });
  }

  function stopButton() {
    const button = h('button', {type: 'button', class: 'button-danger-quiet',
      dataset: {focusKey: 'stop-execution'}}, 'Stop execution…');
    button.addEventListener('click', async () => {
      const name = execution.name;
      const ok = await confirmDialog({
        title: `Stop execution ${name}?`,
        message: 'The execution ends ABORTED: its running tasks are released and its waiting '
          + 'ones removed. It cannot be resumed.',
        confirmLabel: 'Stop execution',
        danger: true,
      });
      if (!ok) return;
      await act(button, `Stopping execution ${name}`, async () => {
        const after = await api.post(`${path}/stop`, {cause: 'stopped in the admin UI'});
        // Stopping an ended execution changes nothing: it may have ended while the dialog was open.
        showStatus(after.status === 'ABORTED' ? `Execution ${name} stopped (now ABORTED).`
          : `Execution ${name} had already finished (${after.status}): nothing was stopped.`);
        finished = false;
        await refresh(true);
      });
    });
    return button;
  }
}

function json(value, id) {
  const block = prettyJson(value === undefined ? null : value);
  block.id = id;
  return block;
}

function duration(start, stop) {
  const from = Date.parse(start);
  const to = stop ? Date.parse(stop) : Date.now();
  if (Number.isNaN(from) || Number.isNaN(to)) return '—';
  const ms = Math.max(0, to - from);
  const text = ms < 1000 ? `${ms} ms` : ms < 60000 ? `${(ms / 1000).toFixed(1)} s`
    : `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
  return stop ? text : `${text} so far`;
}
