// The form that creates or replaces a schedule (PUT /api/v1/schedules/{scheduleId}): its id, when
// it fires (a cron expression in a time zone, or every N seconds), what it starts (a task in the
// parallel queue or a serial queue, or an execution of a state machine) with its parameter or
// input, the task's timeouts, retry policy and (in a serial queue) stopProgressOnError, its overlap
// policy and its catch-up window. The server checks it all; its problem is shown as for any action.

import * as api from '../api.js';
import {h} from '../dom.js';
import {readJson} from '../json-field.js';
import {MAX_SECONDS, readWhole, taskOptions} from '../task-options.js';
import {taskOf, typeOptions} from '../task-types.js';
import {act, clearMessages, showError, showStatus, untilRead} from '../ui.js';

/** How soon a failed read of the form's choices is tried again. */
const READ_AGAIN_MS = 3000;

/** A schedule id; "." and ".." are refused, as a URL cannot carry them as a path segment. */
const SCHEDULE_ID = /^(?!\.\.?$)[A-Za-z0-9_.\-]{1,50}$/;
const SCHEDULE_ID_RULE = '1 to 50 letters, digits, _ . or -, and not "." or ".."';

/**
 * @param onSaved called with the saved schedule
 * @return the form's element and a function that stops its loads
 */
export function scheduleForm(onSaved) {
  const id = h('input', {type: 'text', id: 'sch-id', name: 'scheduleId', required: true,
    maxlength: 50, pattern: SCHEDULE_ID.source.slice(1, -1), class: 'mono',
    placeholder: 'nightly-report',
    'aria-describedby': 'sch-id-hint'});
  const whenKind = h('select', {id: 'sch-when', name: 'when'},
    h('option', {value: 'cron'}, 'A cron expression'),
    h('option', {value: 'interval'}, 'Every N seconds'));
  const cron = h('input', {type: 'text', id: 'sch-cron', name: 'cron', class: 'mono',
    placeholder: '30 2 * * *', 'aria-describedby': 'sch-cron-hint'});
  const timeZone = h('input', {type: 'text', id: 'sch-zone', name: 'timeZone', value: 'UTC',
    'aria-describedby': 'sch-zone-hint'});
  const interval = h('input', {type: 'number', id: 'sch-interval', name: 'intervalSeconds', min: 1,
    max: MAX_SECONDS, step: 1, inputmode: 'numeric', placeholder: '3600'});
  const cronFields = h('div', {class: 'timeout-grid'},
    h('div', {class: 'field'}, h('label', {for: 'sch-cron'}, 'Cron expression'), cron,
      h('p', {class: 'hint', id: 'sch-cron-hint'},
        '5 fields (minute hour day-of-month month day-of-week), or 6 with seconds first.')),
    h('div', {class: 'field'}, h('label', {for: 'sch-zone'}, 'Time zone'), timeZone,
      h('p', {class: 'hint', id: 'sch-zone-hint'}, 'An IANA id, e.g. Europe/Berlin.')));
  const intervalField = h('div', {class: 'field', hidden: true},
    h('label', {for: 'sch-interval'}, 'Interval (seconds)'), interval);
  const startsKind = h('select', {id: 'sch-starts', name: 'starts'},
    h('option', {value: 'parallel'}, 'A task in the parallel queue'),
    h('option', {value: 'serial'}, 'A task in a serial queue'),
    h('option', {value: 'execution'}, 'An execution of a state machine'));
  const queueId = h('input', {type: 'text', id: 'sch-queue', name: 'queueId', class: 'mono',
    maxlength: 255, placeholder: 'com.example.reports'});
  const queueField = h('div', {class: 'field', hidden: true},
    h('label', {for: 'sch-queue'}, 'Serial queue id'), queueId);
  const typeSelect = h('select', {id: 'sch-type', name: 'taskType'});
  const typeField = h('div', {class: 'field'}, h('label', {for: 'sch-type'}, 'Task type'),
    typeSelect);
  const machineSelect = h('select', {id: 'sch-machine', name: 'stateMachine'});
  const machineField = h('div', {class: 'field', hidden: true},
    h('label', {for: 'sch-machine'}, 'State machine'), machineSelect);
  const payloadLabel = h('label', {for: 'sch-payload'}, 'Parameter (JSON)');
  const payload = h('textarea', {id: 'sch-payload', name: 'payload', rows: 4, spellcheck: 'false',
    class: 'mono', placeholder: '{"kind": "daily"}', 'aria-describedby': 'sch-payload-error'});
  const payloadError = h('p', {class: 'field-error', id: 'sch-payload-error'});
  const options = taskOptions('sch');
  const taskSettings = h('div', {},
    options.timeouts,
    h('details', {class: 'timeouts'}, h('summary', {}, 'Retries (optional)'),
      h('div', {class: 'timeout-grid'}, ...options.retryFields)),
    options.stopField);
  const overlap = h('select', {id: 'sch-overlap', name: 'overlapPolicy'},
    h('option', {value: 'SKIP'}, 'SKIP: a slot is skipped while the last run goes on'),
    h('option', {value: 'BUFFER_ONE'}, 'BUFFER_ONE: one slot waits for the last run'),
    h('option', {value: 'ALLOW_ALL'}, 'ALLOW_ALL: every slot starts a run'));
  const catchup = h('input', {type: 'number', id: 'sch-catchup', name: 'catchupWindowSeconds',
    min: 1, max: MAX_SECONDS, step: 1, inputmode: 'numeric', placeholder: '300',
    'aria-describedby': 'sch-catchup-hint'});
  const submit = h('button', {type: 'submit', class: 'button-primary'}, 'Save schedule');

  const form = h('form', {class: 'stacked-form', novalidate: true, id: 'schedule-form'},
    h('div', {class: 'field'}, h('label', {for: 'sch-id'}, 'Schedule id'), id,
      h('p', {class: 'hint', id: 'sch-id-hint'},
        `${SCHEDULE_ID_RULE}. An existing id is replaced.`)),
    h('div', {class: 'field'}, h('label', {for: 'sch-when'}, 'Fires'), whenKind),
    cronFields, intervalField,
    h('div', {class: 'field'}, h('label', {for: 'sch-starts'}, 'Starts'), startsKind),
    queueField, typeField, machineField,
    h('div', {class: 'field'}, payloadLabel, payload, payloadError),
    taskSettings,
    h('div', {class: 'field'}, h('label', {for: 'sch-overlap'}, 'Overlap policy'), overlap),
    h('div', {class: 'field'}, h('label', {for: 'sch-catchup'}, 'Catch-up window (seconds)'),
      catchup, h('p', {class: 'hint', id: 'sch-catchup-hint'},
        'How late a slot may still fire, e.g. after downtime; empty: 300.')),
    h('div', {class: 'field-submit'}, submit));

  whenKind.addEventListener('change', () => {
    cronFields.hidden = whenKind.value !== 'cron';
    intervalField.hidden = whenKind.value === 'cron';
  });
  startsKind.addEventListener('change', () => {
    const execution = startsKind.value === 'execution';
    queueField.hidden = startsKind.value !== 'serial';
    options.stopField.hidden = startsKind.value !== 'serial';
    typeField.hidden = execution;
    taskSettings.hidden = execution;
    machineField.hidden = !execution;
    payloadLabel.textContent = execution ? 'Input (JSON)' : 'Parameter (JSON)';
  });
  payload.addEventListener('input', () => setPayloadError(''));

  function setPayloadError(text) {
    payloadError.textContent = text;
    payload.setAttribute('aria-invalid', text ? 'true' : 'false');
  }

  /**
   * The payload as it is sent (its text as written), or undefined (with the field's error shown) if
   * it is not valid.
   */
  function payloadValue(execution) {
    const read = readJson(payload.value, !execution);
    if (read.error) {
      setPayloadError(read.error);
      return undefined;
    }
    if (read.json === undefined) return execution ? {} : null;
    return read.json;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // What the last submit said is not this one's outcome: this one may be refused in the page.
    clearMessages();
    const execution = startsKind.value === 'execution';
    const value = payloadValue(execution);
    if (value === undefined) {
      payload.focus();
      return;
    }
    let task;
    if (execution) {
      task = {stateMachine: machineSelect.value, input: value};
    } else {
      const chosen = options.read();
      if (chosen.error) {
        showError(new Error(chosen.error), 'Saving the schedule');
        chosen.input.focus();
        return;
      }
      task = {queue: startsKind.value, ...taskOf(typeSelect.value)};
      if (startsKind.value === 'serial') {
        task.queueId = queueId.value.trim();
        task.stopProgressOnError = options.stopOnError();
      }
      if (value !== null) task.parameter = value;
      Object.assign(task, chosen.options);
    }
    const body = {task, overlapPolicy: overlap.value};
    const catchupRead = readWhole(catchup, 1, MAX_SECONDS,
      `The catch-up window must be a whole number of seconds from 1 to ${MAX_SECONDS}`);
    const intervalRule = `The interval must be a whole number of seconds from 1 to ${MAX_SECONDS}`;
    let intervalRead = {value: null};
    if (whenKind.value !== 'cron') {
      intervalRead = readWhole(interval, 1, MAX_SECONDS, intervalRule);
      if (intervalRead.value === undefined) intervalRead = {error: intervalRule, input: interval};
    }
    const wrong = [catchupRead, intervalRead].find((read) => read.error);
    if (wrong) {
      showError(new Error(wrong.error), 'Saving the schedule');
      wrong.input.focus();
      return;
    }
    if (catchupRead.value !== undefined) body.catchupWindowSeconds = catchupRead.value;
    if (whenKind.value === 'cron') {
      body.cron = cron.value.trim();
      body.timeZone = timeZone.value.trim() || 'UTC';
    } else {
      body.intervalSeconds = intervalRead.value;
    }
    const name = id.value.trim();
    if (!SCHEDULE_ID.test(name)) {
      showError(new Error(name ? `the schedule id must be ${SCHEDULE_ID_RULE}`
        : 'the schedule needs an id'), 'Saving the schedule');
      id.focus();
      return;
    }
    act(submit, 'Saving the schedule', async () => {
      const saved = await api.put(`/schedules/${api.seg(name)}`, body);
      showStatus(`Schedule ${saved.scheduleId} saved.`);
      onSaved(saved);
    });
  });

  const controller = new AbortController();
  const stopLoad = untilRead(READ_AGAIN_MS, 'Loading task types and state machines',
    () => load(controller.signal));
  return {
    el: form,
    stop: () => {
      controller.abort();
      stopLoad();
    },
  };

  async function load(signal) {
    const [types, machines] = await Promise.all([
      api.get('/task-types', {signal}),
      api.get('/state-machines', {signal}),
    ]);
    typeSelect.replaceChildren(...typeOptions(types));
    machineSelect.replaceChildren(...machines.map((m) => h('option', {value: m.name}, m.name)));
  }
}
