// A task: its info and its history as a timeline, live from the history stream.

import * as api from '../api.js';
import {badge, h, heading, prettyJson, replaceContent, shortJson, taskType, time} from '../dom.js';
import {queueHref, queueName, serial, PARALLEL} from '../queues.js';
import {readEvents} from '../sse.js';
import {taskActions} from '../tasks.js';
import {eventItem, executionLink} from '../timeline.js';
import {every, freshness, loading, showError} from '../ui.js';

const REFRESH_MS = 3000;
const RECONNECT_MS = 2000;

export function render(main, messageId) {
  const info = h('div', {class: 'task-info'}, loading('Loading…'));
  const actions = h('div', {class: 'actions task-actions'});
  const timeline = h('ol', {class: 'timeline', id: 'timeline', 'aria-label': 'Events, oldest first'});
  const liveState = h('span', {class: 'live-state', id: 'live-state'}, 'Connecting…');
  // Announces events that arrive while the page is open, not the whole history at load.
  const announcer = h('p', {class: 'visually-hidden', 'aria-live': 'polite'});
  const openedAt = Date.now();
  const fresh = freshness(() => refresh(true));
  const controller = new AbortController();
  let last = '';
  let closed = false; // the history ended: the task left its queue
  let missing = false; // no such task
  let pending = null;

  /** One refresh for a burst of events (the stream sends a whole history at once). */
  function refreshSoon() {
    if (pending !== null) return;
    pending = setTimeout(() => {
      pending = null;
      refresh(true).catch(() => {});
    }, 150);
  }

  async function refresh(force = false) {
    let task;
    try {
      task = await api.get(`/tasks/${api.seg(messageId)}`, {signal: controller.signal});
    } catch (error) {
      if (error.status === 404) {
        missing = true;
        replaceContent(info, h('p', {}, 'No task with this id (or its history was purged).'));
      }
      throw error;
    }
    fresh.touch();
    const snapshot = JSON.stringify(task);
    if (!force && snapshot === last) return;
    last = snapshot;
    replaceContent(info, facts(task));
    replaceContent(actions, taskActions(task, () => refresh(true)));
  }

  main.append(
    h('p', {class: 'breadcrumb'}, h('a', {href: '#/queues'}, 'Queues'), ' / task'),
    h('div', {class: 'screen-head'},
      heading('Task ', h('span', {class: 'mono'}, messageId)), fresh.el),
    actions,
    h('div', {class: 'task-layout'},
      h('section', {'aria-labelledby': 'info-title', class: 'panel'},
        h('h2', {id: 'info-title'}, 'Info'), info),
      h('section', {'aria-labelledby': 'history-title', class: 'panel'},
        h('div', {class: 'section-head'}, h('h2', {id: 'history-title'}, 'History'), liveState),
        timeline, announcer)));

  const stopRefresh = every(REFRESH_MS, () => (closed || missing ? undefined : refresh()),
    info);
  follow();
  return () => {
    controller.abort();
    stopRefresh();
    clearTimeout(pending);
  };

  /** Reads the live history; reconnects after a dropped connection, resuming after the last id. */
  async function follow() {
    let lastEventId = 0;
    while (!controller.signal.aborted && !closed && !missing) {
      setLive('live', 'Live');
      try {
        await readEvents(`/tasks/${api.seg(messageId)}/history/stream`, {
          signal: controller.signal,
          lastEventId,
          onMessage(message) {
            if (message.event === 'end') {
              closed = true;
              return;
            }
            const event = api.parseJson(message.data);
            if (event.eventId <= lastEventId) return;
            lastEventId = event.eventId;
            timeline.append(eventItem(event));
            if (Date.now() - openedAt > 2000) announcer.textContent = `New event: ${event.eventType}`;
            refreshSoon(); // the info follows the history at once
          },
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        // a refused token is asked for again (main.js): the stream goes on once it is
        if (error instanceof api.ApiError && error.status !== 0 && error.status < 500
          && error.status !== 401) {
          setLive('closed', 'Not available');
          showError(error, 'Reading the history');
          return;
        }
      }
      if (closed) break;
      setLive('reconnecting', 'Reconnecting…');
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
    if (closed) {
      setLive('closed', 'Complete: the task left its queue');
      refreshSoon();
    }
  }

  function setLive(state, text) {
    liveState.className = `live-state live-${state}`;
    liveState.textContent = text;
  }
}

function facts(task) {
  const queue = task.queue === 'parallel' ? PARALLEL : serial(task.queueId);
  const rows = [
    ['State', badge(task.state)],
    ['Queue', h('a', {href: queueHref(queue)}, queueName(queue))],
    ['Task', task.jsPath ? taskType(task) : h('span', {class: 'mono'}, task.taskClassName)],
    task.executionId ? ['State-machine execution', executionLink(task.executionId)] : null,
    ['Parameter', task.parameter === null || task.parameter === undefined
      ? shortJson(null) : prettyJson(task.parameter)],
    task.queue === 'serial' ? ['Stop queue on error', task.stopProgressOnError ? 'yes' : 'no'] : null,
    ['Node', task.node || h('span', {class: 'muted'}, '—')],
    ['Sent', time(task.sentTime)],
    ['Received', time(task.receivedTime)],
    ['Accepted', time(task.acceptTime)],
    ['Started', time(task.startTime)],
    ['Attempt', task.attempt],
    task.notBefore ? ['Not before', time(task.notBefore)] : null,
    task.retry ? ['Retry policy', shortJson(task.retry, 200)] : null,
    ['Last heartbeat', time(task.lastHeartbeatTime)],
    task.heartbeatDetails !== null && task.heartbeatDetails !== undefined
      ? ['Heartbeat details', shortJson(task.heartbeatDetails, 120)] : null,
    ['Timeouts', timeouts(task.timeouts)],
    task.outcome ? ['Outcome', outcome(task.outcome)] : null,
  ];
  return h('dl', {class: 'facts facts-wide', id: 'task-facts'}, rows.filter(Boolean).map(
    ([term, value]) => h('div', {}, h('dt', {}, term), h('dd', {}, value))));
}

function timeouts(values) {
  const set = Object.entries(values || {}).filter(([, v]) => v !== 'NONE' && v !== null);
  if (!set.length) return h('span', {class: 'muted'}, 'none');
  return set.map(([name, seconds]) => `${name} ${seconds} s`).join(', ');
}

function outcome(value) {
  const {type, ...rest} = value;
  return h('span', {}, badge(type, `outcome-${type}`), ' ',
    Object.keys(rest).length ? shortJson(rest, 200) : null);
}
