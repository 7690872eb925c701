// Schedules: the tenant's recurring schedules with their next fires and last result; pause,
// resume, trigger and delete each one; create or replace one with the form (or over the API, PUT
// /api/v1/schedules/{scheduleId}).

import * as api from '../api.js';
import {badge, h, jsonText, replaceContent, heading, taskLink, time} from '../dom.js';
import {act, confirmDialog, every, freshness, loading, showStatus} from '../ui.js';
import {scheduleForm} from './schedule-form.js';

const REFRESH_MS = 5000;

export function render(main) {
  const list = h('div', {class: 'table-area'}, loading('Loading schedules…'));
  const fresh = freshness(() => refresh(true));
  let last = '';

  async function refresh(force = false) {
    const schedules = await api.get('/schedules');
    fresh.touch();
    const snapshot = JSON.stringify(schedules);
    if (!force && snapshot === last) return;
    last = snapshot;
    replaceContent(list, schedules.length ? table(schedules, () => refresh(true))
      : h('p', {class: 'empty'}, 'No schedule yet: create one with the form below.'));
  }

  const form = scheduleForm(() => refresh(true));
  main.append(
    h('div', {class: 'screen-head'}, heading('Schedules'), fresh.el),
    h('section', {'aria-labelledby': 'schedules-title'},
      h('h2', {id: 'schedules-title'}, 'All schedules'),
      list),
    h('section', {class: 'panel', 'aria-labelledby': 'schedule-form-title'},
      h('h2', {id: 'schedule-form-title'}, 'Create or replace a schedule'),
      form.el));
  const stopRefresh = every(REFRESH_MS, refresh, list);
  return () => {
    form.stop();
    stopRefresh();
  };
}

function when(s) {
  return s.cron ? `cron ${s.cron} (${s.timeZone})` : `every ${s.intervalSeconds} s`;
}

function what(task) {
  if (task.stateMachine) return `state machine ${task.stateMachine}`;
  const type = task.taskClassName || task.jsPath;
  return task.queue === 'serial' ? `${type} in ${task.queueId}` : `${type} (parallel)`;
}

function result(event) {
  if (!event) return h('span', {class: 'muted'}, 'never fired');
  const at = time(event.fireTime);
  if (event.eventType === 'ScheduleFired') {
    const run = event.messageId ? taskLink(event.messageId)
      : h('a', {href: `#/executions/${encodeURIComponent(event.executionId)}`, class: 'mono'},
        event.executionId);
    return h('span', {}, badge('Fired', 'outcome-completed'), ' ', at, ' ', run);
  }
  return h('span', {title: event.detail || ''}, badge(`Skipped: ${event.reason}`, 'outcome-failed'), ' ', at);
}

function actions(s, onChange) {
  const pause = h('button', {type: 'button', class: 'button-quiet'}, s.paused ? 'Resume' : 'Pause');
  pause.addEventListener('click', async () => {
    const done = await act(pause, s.paused ? 'Resuming the schedule' : 'Pausing the schedule',
      () => api.put(`/schedules/${api.seg(s.scheduleId)}/paused`, {paused: !s.paused}));
    if (done) {
      showStatus(`Schedule ${s.scheduleId} ${done.paused ? 'paused' : 'resumed'}.`);
      onChange();
    }
  });
  const trigger = h('button', {type: 'button'}, 'Trigger now');
  trigger.addEventListener('click', async () => {
    const fired = await act(trigger, 'Triggering the schedule',
      () => api.post(`/schedules/${api.seg(s.scheduleId)}/trigger`));
    if (fired) {
      showStatus(fired.eventType === 'ScheduleFired'
        ? `Schedule ${s.scheduleId} fired.` : `Schedule ${s.scheduleId} refused: ${fired.detail}`);
      onChange();
    }
  });
  const remove = h('button', {type: 'button', class: 'button-danger'}, 'Delete');
  remove.addEventListener('click', async () => {
    const ok = await confirmDialog({
      title: `Delete the schedule ${s.scheduleId}?`,
      message: 'It fires no more, and its history of fires is deleted with it. The tasks and'
        + ' executions it started are untouched.',
      confirmLabel: 'Delete the schedule',
      danger: true,
    });
    if (!ok) return;
    const done = await act(remove, 'Deleting the schedule',
      () => api.del(`/schedules/${api.seg(s.scheduleId)}`).then(() => true));
    if (done) {
      showStatus(`Schedule ${s.scheduleId} deleted.`);
      onChange();
    }
  });
  return h('span', {class: 'actions'}, pause, ' ', trigger, ' ', remove);
}

function table(schedules, onChange) {
  return h('table', {class: 'data responsive', id: 'schedules-table'},
    h('caption', {class: 'visually-hidden'}, `${schedules.length} schedule(s), by id`),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Schedule'),
      h('th', {scope: 'col'}, 'When'),
      h('th', {scope: 'col'}, 'Starts'),
      h('th', {scope: 'col'}, 'Next fires'),
      h('th', {scope: 'col'}, 'Last result'),
      h('th', {scope: 'col'}, 'Actions'))),
    h('tbody', {}, schedules.map((s) => h('tr', {'data-schedule': s.scheduleId},
      h('th', {scope: 'row', 'data-label': 'Schedule'}, h('span', {class: 'mono'}, s.scheduleId),
        s.paused ? [' ', badge('Paused', 'inactive')] : []),
      h('td', {'data-label': 'When'}, when(s), h('br'),
        h('span', {class: 'muted'}, `overlap ${s.overlapPolicy}`)),
      h('td', {'data-label': 'Starts', title: jsonText(s.task, 400)}, what(s.task)),
      h('td', {'data-label': 'Next fires'}, s.nextFireTimes.length
        ? s.nextFireTimes.slice(0, 3).flatMap((t, i) => (i ? [h('br'), time(t)] : [time(t)]))
        : h('span', {class: 'muted'}, 'none (paused)')),
      h('td', {'data-label': 'Last result'}, result(s.lastResult)),
      h('td', {'data-label': 'Actions'}, actions(s, onChange))))));
}
