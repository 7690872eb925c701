// Register a task: queue, task type (GET /task-types), parameter JSON, options, timeouts.

import * as api from '../api.js';
import {h, heading, taskLink} from '../dom.js';
import {readJson} from '../json-field.js';
import {PARALLEL, queueHref, queueKey, queueName, serial} from '../queues.js';
import {MAX_SECONDS, readWhole, taskOptions} from '../task-options.js';
import {describeType, optionValue, taskOf, typeOptions} from '../task-types.js';
import {act, clearMessages, showError, showStatus, untilRead} from '../ui.js';

/** How soon a failed read of the form's choices is tried again. */
const READ_AGAIN_MS = 3000;

export function render(main, params) {
  // A queue asked for by the link (#/register?queue=serial:billing) is chosen once the queues are
  // read; until then, and if it does not exist, no queue is: never another queue instead.
  const asked = params.get('queue');
  const choose = h('option', {value: ''}, asked ? 'Loading queues…' : 'Choose a queue');
  const queueSelect = h('select', {id: 'reg-queue', name: 'queue', required: true,
    'aria-describedby': 'reg-queue-error'},
  asked && asked !== queueKey(PARALLEL) ? choose : null,
  h('option', {value: queueKey(PARALLEL)}, queueName(PARALLEL)));
  const queueError = h('p', {class: 'field-error', id: 'reg-queue-error'});
  const typeSelect = h('select', {id: 'reg-type', name: 'taskType', required: true,
    'aria-describedby': 'reg-type-hint'});
  const typeHint = h('p', {class: 'hint', id: 'reg-type-hint'}, 'Loading task types…');
  const parameter = h('textarea', {id: 'reg-parameter', name: 'parameter', rows: 6,
    spellcheck: 'false', class: 'mono', placeholder: '{"millis": 1000}',
    'aria-describedby': 'reg-parameter-hint reg-parameter-error'});
  const parameterError = h('p', {class: 'field-error', id: 'reg-parameter-error'});
  const options = taskOptions('reg');
  const delay = h('input', {type: 'number', id: 'reg-delay', name: 'delaySeconds', min: 0,
    max: MAX_SECONDS, step: 1, inputmode: 'numeric', placeholder: 'none',
    'aria-describedby': 'reg-delay-hint'});
  const submit = h('button', {type: 'submit', class: 'button-primary'}, 'Register task');
  const result = h('div', {class: 'result', 'aria-live': 'polite'});

  const form = h('form', {class: 'stacked-form', novalidate: true, id: 'register-form'},
    h('div', {class: 'field'}, h('label', {for: 'reg-queue'}, 'Queue'), queueSelect, queueError),
    h('div', {class: 'field'}, h('label', {for: 'reg-type'}, 'Task type'), typeSelect, typeHint),
    h('div', {class: 'field'},
      h('label', {for: 'reg-parameter'}, 'Parameter (JSON)'),
      parameter,
      h('p', {class: 'hint', id: 'reg-parameter-hint'},
        'A JSON object, or empty for none. Example for Sleep: {"millis": 60000}.'),
      parameterError),
    options.stopField,
    options.timeouts,
    h('details', {class: 'timeouts'},
      h('summary', {}, 'Delay and retries (optional)'),
      h('div', {class: 'timeout-grid'},
        h('div', {class: 'field'}, h('label', {for: 'reg-delay'}, 'Delay (seconds)'), delay,
          h('p', {class: 'hint', id: 'reg-delay-hint'},
            'Not run before; a delayed head holds its serial queue.')),
        ...options.retryFields)),
    h('div', {class: 'field-submit'}, submit));

  const selectedQueue = () => {
    const value = queueSelect.value;
    if (!value) return null;
    return value === 'parallel' ? PARALLEL : serial(value.slice('serial:'.length));
  };
  queueSelect.addEventListener('change', () => {
    setQueueError('');
    options.stopField.hidden = selectedQueue()?.kind !== 'serial';
  });

  function setQueueError(text) {
    queueError.textContent = text;
    queueSelect.setAttribute('aria-invalid', text ? 'true' : 'false');
  }
  parameter.addEventListener('input', () => setParameterError(''));

  function setParameterError(text) {
    parameterError.textContent = text;
    parameter.setAttribute('aria-invalid', text ? 'true' : 'false');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // What the last submit said is not this one's outcome: this one may be refused in the page.
    clearMessages();
    const queue = selectedQueue();
    if (!queue) {
      if (!queueError.textContent) setQueueError('Choose a queue.');
      queueSelect.focus();
      return;
    }
    const body = taskOf(typeSelect.value);
    const read = readJson(parameter.value, true);
    if (read.error) {
      setParameterError(read.error);
      parameter.focus();
      return;
    }
    if (read.json !== undefined) body.parameter = read.json;
    const chosen = options.read();
    if (chosen.error) {
      showError(new Error(chosen.error), 'Registering');
      chosen.input.focus();
      return;
    }
    Object.assign(body, chosen.options);
    const delayed = readWhole(delay, 0, MAX_SECONDS,
      `Delay must be a whole number of seconds from 0 to ${MAX_SECONDS}`);
    if (delayed.error) {
      showError(new Error(delayed.error), 'Registering');
      delay.focus();
      return;
    }
    if (delayed.value !== undefined) body.delaySeconds = delayed.value;
    if (queue.kind === 'serial') body.stopProgressOnError = options.stopOnError();
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
  const stopLoad = untilRead(READ_AGAIN_MS, 'Loading task types and queues',
    () => load(controller.signal));
  return () => {
    controller.abort();
    stopLoad();
  };

  async function load(signal) {
    const [types, serials] = await Promise.all([
      api.get('/task-types', {signal}),
      api.get('/serial-queues', {signal}),
    ]);
    fillTypes(types);
    for (const info of serials) {
      const queue = serial(info.queueId);
      queueSelect.append(h('option', {value: queueKey(queue)}, `Serial: ${info.queueId}`));
    }
    if (asked && [...queueSelect.options].some((option) => option.value === asked)) {
      choose.remove();
      queueSelect.value = asked;
      queueSelect.dispatchEvent(new Event('change'));
    } else if (asked) {
      choose.textContent = 'Choose a queue';
      queueSelect.value = '';
      queueSelect.dispatchEvent(new Event('change'));
      const id = asked.startsWith('serial:') ? asked.slice('serial:'.length) : asked;
      setQueueError(`The queue ${id} of the link does not exist (or was removed): choose a `
        + 'queue.');
    } else {
      queueSelect.dispatchEvent(new Event('change'));
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
