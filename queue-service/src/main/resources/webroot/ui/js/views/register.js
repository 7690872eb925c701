// Register a task: queue, task type (GET /task-types), parameter JSON, options, timeouts.

import * as api from '../api.js';
import {h, heading, taskLink} from '../dom.js';
import {readJson} from '../json-field.js';
import {PARALLEL, queueHref, queueKey, queueName, serial} from '../queues.js';
import {describeType, optionValue, taskOf, typeOptions} from '../task-types.js';
import {act, showError, showStatus} from '../ui.js';

const TIMEOUTS = [
  ['scheduleToStart', 'Schedule to start', 'received → accepted'],
  ['startToClose', 'Start to close', 'started → run finished'],
  ['heartbeat', 'Heartbeat', 'between heartbeats'],
  ['scheduleToClose', 'Schedule to close', 'received → run finished'],
];
const MAX_TIMEOUT = 31536000;

export function render(main, params) {
  const queueSelect = h('select', {id: 'reg-queue', name: 'queue', required: true},
    h('option', {value: queueKey(PARALLEL)}, queueName(PARALLEL)));
  const typeSelect = h('select', {id: 'reg-type', name: 'taskType', required: true,
    'aria-describedby': 'reg-type-hint'});
  const typeHint = h('p', {class: 'hint', id: 'reg-type-hint'}, 'Loading task types…');
  const parameter = h('textarea', {id: 'reg-parameter', name: 'parameter', rows: 6,
    spellcheck: 'false', class: 'mono', placeholder: '{"millis": 1000}',
    'aria-describedby': 'reg-parameter-hint reg-parameter-error'});
  const parameterError = h('p', {class: 'field-error', id: 'reg-parameter-error'});
  const stopOnError = h('input', {type: 'checkbox', id: 'reg-stop-on-error',
    name: 'stopProgressOnError', 'aria-describedby': 'reg-stop-hint'});
  const stopField = h('div', {class: 'field field-check', hidden: true}, stopOnError,
    h('label', {for: 'reg-stop-on-error'}, 'Stop the queue if this task fails'),
    h('p', {class: 'hint', id: 'reg-stop-hint'},
      'stopProgressOnError: a failure or timeout deactivates this serial queue.'));
  const timeoutInputs = TIMEOUTS.map(([name, label, hint]) => ({
    name,
    input: h('input', {type: 'number', id: `reg-timeout-${name}`, name, min: 1, max: MAX_TIMEOUT,
      step: 1, inputmode: 'numeric', placeholder: 'none', 'aria-describedby': `reg-t-${name}`}),
    label,
    hint,
  }));
  const delay = h('input', {type: 'number', id: 'reg-delay', name: 'delaySeconds', min: 0,
    max: MAX_TIMEOUT, step: 1, inputmode: 'numeric', placeholder: 'none',
    'aria-describedby': 'reg-delay-hint'});
  const attempts = h('input', {type: 'number', id: 'reg-attempts', name: 'maximumAttempts', min: 1,
    max: 10000, step: 1, inputmode: 'numeric', placeholder: 'task type\'s default',
    'aria-describedby': 'reg-attempts-hint'});
  const interval = h('input', {type: 'number', id: 'reg-interval', name: 'initialIntervalSeconds',
    min: 1, max: MAX_TIMEOUT, step: 1, inputmode: 'numeric', placeholder: '1'});
  const submit = h('button', {type: 'submit', class: 'button-primary'}, 'Register task');
  const result = h('div', {class: 'result', 'aria-live': 'polite'});

  const form = h('form', {class: 'stacked-form', novalidate: true, id: 'register-form'},
    h('div', {class: 'field'}, h('label', {for: 'reg-queue'}, 'Queue'), queueSelect),
    h('div', {class: 'field'}, h('label', {for: 'reg-type'}, 'Task type'), typeSelect, typeHint),
    h('div', {class: 'field'},
      h('label', {for: 'reg-parameter'}, 'Parameter (JSON)'),
      parameter,
      h('p', {class: 'hint', id: 'reg-parameter-hint'},
        'A JSON object, or empty for none. Example for Sleep: {"millis": 60000}.'),
      parameterError),
    stopField,
    h('details', {class: 'timeouts'},
      h('summary', {}, 'Timeouts (optional)'),
      h('p', {class: 'hint'}, 'Seconds, 1 to 31,536,000; empty means no limit '
        + '(or the task type\'s default).'),
      h('div', {class: 'timeout-grid'}, timeoutInputs.map((t) => h('div', {class: 'field'},
        h('label', {for: `reg-timeout-${t.name}`}, t.label), t.input,
        h('p', {class: 'hint', id: `reg-t-${t.name}`}, t.hint))))),
    h('details', {class: 'timeouts'},
      h('summary', {}, 'Delay and retries (optional)'),
      h('div', {class: 'timeout-grid'},
        h('div', {class: 'field'}, h('label', {for: 'reg-delay'}, 'Delay (seconds)'), delay,
          h('p', {class: 'hint', id: 'reg-delay-hint'},
            'Not run before; a delayed head holds its serial queue.')),
        h('div', {class: 'field'}, h('label', {for: 'reg-attempts'}, 'Maximum attempts'), attempts,
          h('p', {class: 'hint', id: 'reg-attempts-hint'}, '1 = no retry.')),
        h('div', {class: 'field'},
          h('label', {for: 'reg-interval'}, 'First retry after (seconds)'), interval))),
    h('div', {class: 'field-submit'}, submit));

  const selectedQueue = () => {
    const value = queueSelect.value;
    return value === 'parallel' ? PARALLEL : serial(value.slice('serial:'.length));
  };
  queueSelect.addEventListener('change', () => {
    stopField.hidden = selectedQueue().kind !== 'serial';
  });
  parameter.addEventListener('input', () => setParameterError(''));

  function setParameterError(text) {
    parameterError.textContent = text;
    parameter.setAttribute('aria-invalid', text ? 'true' : 'false');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = taskOf(typeSelect.value);
    const read = readJson(parameter.value, true);
    if (read.error) {
      setParameterError(read.error);
      parameter.focus();
      return;
    }
    if (read.value !== undefined) body.parameter = read.value;
    const timeouts = {};
    for (const t of timeoutInputs) {
      if (t.input.value === '') continue;
      const seconds = Number(t.input.value);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_TIMEOUT) {
        showError(new Error(`${t.label} must be a whole number of seconds from 1 to ${MAX_TIMEOUT}`),
          'Registering');
        t.input.focus();
        return;
      }
      timeouts[t.name] = seconds;
    }
    if (Object.keys(timeouts).length) body.timeouts = timeouts;
    if (delay.value !== '') body.delaySeconds = Number(delay.value);
    if (attempts.value !== '') {
      body.retry = {maximumAttempts: Number(attempts.value)};
      if (interval.value !== '') body.retry.initialIntervalSeconds = Number(interval.value);
    }
    const queue = selectedQueue();
    if (queue.kind === 'serial') body.stopProgressOnError = stopOnError.checked;
    const path = queue.kind === 'parallel' ? '/parallel-queue/tasks'
      : `/serial-queues/${api.seg(queue.id)}/tasks`;
    act(submit, 'Registering the task', async () => {
      const task = await api.post(path, body);
      const done = h('span', {}, 'Registered task ', taskLink(task.messageId), ' in ',
        h('a', {href: queueHref(queue)}, queueName(queue)), ` (${task.state}).`);
      showStatus(done);
      result.replaceChildren(h('p', {}, 'Last registered: ', taskLink(task.messageId), ' · ',
        h('a', {href: queueHref(queue)}, `see ${queueName(queue)}`)));
    });
  });

  main.append(
    h('div', {class: 'screen-head'}, heading('Register a task')),
    h('section', {class: 'panel', 'aria-labelledby': 'screen-title'}, form, result));

  const controller = new AbortController();
  load(controller.signal);
  return () => controller.abort();

  async function load(signal) {
    try {
      const [types, serials] = await Promise.all([
        api.get('/task-types', {signal}),
        api.get('/serial-queues', {signal}),
      ]);
      fillTypes(types);
      for (const info of serials) {
        const queue = serial(info.queueId);
        queueSelect.append(h('option', {value: queueKey(queue)}, `Serial: ${info.queueId}`));
      }
      const asked = params.get('queue');
      if (asked && [...queueSelect.options].some((option) => option.value === asked)) {
        queueSelect.value = asked;
      }
      queueSelect.dispatchEvent(new Event('change'));
    } catch (error) {
      showError(error, 'Loading task types and queues');
    }
  }

  function fillTypes(types) {
    typeSelect.replaceChildren(...typeOptions(types));
    const describe = () => {
      const type = types.find((t) => optionValue(t) === typeSelect.value);
      typeHint.textContent = type ? describeType(type) : '';
    };
    typeSelect.addEventListener('change', describe);
    describe();
    if (!types.length) typeHint.textContent = 'No runner has announced a task type yet.';
  }
}
