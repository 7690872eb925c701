// The optional settings a task is started with, as the register and schedule forms offer them:
// SWF's four timeouts, the retry policy (maximum attempts, the first retry's interval) and, in a
// serial queue, stopProgressOnError. Each form places the fields; read() turns the timeouts and the
// retry into the request's `timeouts` and `retry`.

import {h} from './dom.js';

const TIMEOUTS = [
  ['scheduleToStart', 'Schedule to start', 'received → accepted'],
  ['startToClose', 'Start to close', 'started → run finished'],
  ['heartbeat', 'Heartbeat', 'between heartbeats'],
  ['scheduleToClose', 'Schedule to close', 'received → run finished'],
];

/** The most seconds a timeout, a delay or a retry interval may take. */
export const MAX_SECONDS = 31536000;

/**
 * A number field that takes whole numbers from `min` to `max`: {value} (undefined if the field is
 * empty) or {error, input}. Text the browser cannot read as a number ("1e", "5-") leaves the
 * field's value empty: that is an error, not an empty field, or the value typed would be dropped
 * without a word.
 */
export function readWhole(input, min, max, error) {
  if (input.value === '' && !input.validity.badInput) return {value: undefined};
  const value = Number(input.value);
  if (input.validity.badInput || !Number.isInteger(value) || value < min || value > max) {
    return {error, input};
  }
  return {value};
}

/**
 * @param prefix the form's id prefix (ids are `${prefix}-timeout-<name>`, `${prefix}-attempts`,
 *     `${prefix}-retry-interval`, `${prefix}-stop-on-error`)
 * @return {timeouts: the timeouts' <details>, retryFields: the retry's two fields, stopField: the
 *     stopProgressOnError checkbox's field (hidden until the form shows it for a serial queue),
 *     stopOnError(): whether it is checked, read}
 */
export function taskOptions(prefix) {
  const timeoutInputs = TIMEOUTS.map(([name, label, hint]) => ({
    name,
    input: h('input', {type: 'number', id: `${prefix}-timeout-${name}`, name, min: 1,
      max: MAX_SECONDS, step: 1, inputmode: 'numeric', placeholder: 'none',
      'aria-describedby': `${prefix}-t-${name}`}),
    label,
    hint,
  }));
  const attempts = h('input', {type: 'number', id: `${prefix}-attempts`, name: 'maximumAttempts',
    min: 1, max: 10000, step: 1, inputmode: 'numeric', placeholder: 'task type\'s default',
    'aria-describedby': `${prefix}-attempts-hint`});
  const interval = h('input', {type: 'number', id: `${prefix}-retry-interval`,
    name: 'initialIntervalSeconds', min: 1, max: MAX_SECONDS, step: 1, inputmode: 'numeric',
    placeholder: '1'});

  const stop = h('input', {type: 'checkbox', id: `${prefix}-stop-on-error`,
    name: 'stopProgressOnError', 'aria-describedby': `${prefix}-stop-hint`});
  const stopField = h('div', {class: 'field field-check', hidden: true}, stop,
    h('label', {for: `${prefix}-stop-on-error`}, 'Stop the queue if the task fails'),
    h('p', {class: 'hint', id: `${prefix}-stop-hint`},
      'stopProgressOnError: a failure or timeout deactivates the serial queue.'));

  const timeouts = h('details', {class: 'timeouts'},
    h('summary', {}, 'Timeouts (optional)'),
    h('p', {class: 'hint'}, 'Seconds, 1 to 31,536,000; empty means no limit '
      + '(or the task type\'s default).'),
    h('div', {class: 'timeout-grid'}, timeoutInputs.map((t) => h('div', {class: 'field'},
      h('label', {for: `${prefix}-timeout-${t.name}`}, t.label), t.input,
      h('p', {class: 'hint', id: `${prefix}-t-${t.name}`}, t.hint)))));
  const retryFields = [
    h('div', {class: 'field'}, h('label', {for: `${prefix}-attempts`}, 'Maximum attempts'),
      attempts, h('p', {class: 'hint', id: `${prefix}-attempts-hint`}, '1 = no retry.')),
    h('div', {class: 'field'},
      h('label', {for: `${prefix}-retry-interval`}, 'First retry after (seconds)'), interval),
  ];

  /**
   * The fields as the request takes them: {timeouts?, retry?}, or {error, input} for a timeout
   * that is not a whole number of seconds in range, maximum attempts that are not 1 to 10,000 (the
   * API would take 0 as "no limit", the opposite of what the field offers) or a first retry
   * interval without maximum attempts (the API has no retry without them). The server checks the
   * rest.
   */
  function read() {
    const options = {};
    const seconds = {};
    for (const t of timeoutInputs) {
      const read = readWhole(t.input, 1, MAX_SECONDS,
        `${t.label} must be a whole number of seconds from 1 to ${MAX_SECONDS}`);
      if (read.error) return read;
      if (read.value !== undefined) seconds[t.name] = read.value;
    }
    if (Object.keys(seconds).length) options.timeouts = seconds;
    if (attempts.value !== '' || attempts.validity.badInput) {
      const value = Number(attempts.value);
      if (attempts.validity.badInput || !Number.isInteger(value) || value < 1 || value > 10000) {
        return {error: 'Maximum attempts must be a whole number from 1 (no retry) to 10000',
          input: attempts};
      }
      options.retry = {maximumAttempts: value};
    }
    if (interval.value !== '' || interval.validity.badInput) {
      const value = Number(interval.value);
      if (interval.validity.badInput || !Number.isInteger(value) || value < 1
        || value > MAX_SECONDS) {
        return {error: `First retry after must be a whole number of seconds from 1 to ${MAX_SECONDS}`,
          input: interval};
      }
      if (!options.retry) {
        return {error: 'First retry after needs Maximum attempts (2 or more) to retry at all',
          input: attempts};
      }
      options.retry.initialIntervalSeconds = value;
    }
    return {options};
  }

  return {timeouts, retryFields, stopField, stopOnError: () => stop.checked, read};
}
