// State machines: open one by name (a new name creates it), the tenant's state machines, and an
// execution by id.

import * as api from '../api.js';
import {h, heading, replaceContent, time} from '../dom.js';
import {NAME_PATTERN, NAME_RULE, machineHref, machineLink} from '../machines.js';
import {every, freshness, loading} from '../ui.js';

const REFRESH_MS = 5000;

export function render(main) {
  const list = h('div', {class: 'table-area'}, loading('Loading state machines…'));
  const fresh = freshness(() => refresh(true));
  let last = '';

  async function refresh(force = false) {
    const machines = await api.get('/state-machines');
    fresh.touch();
    const snapshot = JSON.stringify(machines);
    if (!force && snapshot === last) return;
    last = snapshot;
    replaceContent(list, machines.length ? table(machines)
      : h('p', {class: 'empty'}, 'No state machine yet: name one above to create it.'));
  }

  main.append(
    h('div', {class: 'screen-head'}, heading('State machines'), fresh.el),
    h('section', {class: 'panel', 'aria-labelledby': 'open-title'},
      h('h2', {id: 'open-title'}, 'Open or create a state machine'),
      openForm()),
    h('section', {'aria-labelledby': 'machines-title'},
      h('h2', {id: 'machines-title'}, 'All state machines'),
      list),
    h('section', {class: 'panel', 'aria-labelledby': 'find-execution-title'},
      h('h2', {id: 'find-execution-title'}, 'Open an execution'),
      executionForm()));
  return every(REFRESH_MS, refresh, list);
}

function openForm() {
  const input = h('input', {id: 'sm-open-name', name: 'name', type: 'text', required: true,
    maxlength: 80, autocomplete: 'off', spellcheck: 'false', class: 'mono',
    'aria-describedby': 'sm-open-hint sm-open-error'});
  const error = h('p', {class: 'field-error', id: 'sm-open-error'});
  const form = h('form', {class: 'inline-form', novalidate: true},
    h('div', {class: 'field'},
      h('label', {for: 'sm-open-name'}, 'State machine name'),
      input,
      h('p', {class: 'hint', id: 'sm-open-hint'},
        `A new name opens an empty definition to write and save. ${NAME_RULE}.`),
      error),
    h('div', {class: 'field field-submit'},
      h('button', {type: 'submit', class: 'button-primary'}, 'Open')));
  input.addEventListener('input', () => {
    error.textContent = '';
    input.removeAttribute('aria-invalid');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!NAME_PATTERN.test(name)) {
      error.textContent = `The name must be ${NAME_RULE}.`;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    location.hash = machineHref(name);
  });
  return form;
}

function executionForm() {
  const input = h('input', {id: 'sm-execution-id', name: 'executionId', type: 'text',
    required: true, maxlength: 64, autocomplete: 'off', spellcheck: 'false', class: 'mono'});
  const form = h('form', {class: 'inline-form'},
    h('div', {class: 'field'}, h('label', {for: 'sm-execution-id'}, 'Execution id'), input),
    h('div', {class: 'field field-submit'},
      h('button', {type: 'submit'}, 'Open execution')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = input.value.trim();
    if (id) location.hash = `#/executions/${encodeURIComponent(id)}`;
  });
  return form;
}

function table(machines) {
  return h('table', {class: 'data responsive', id: 'machines-table'},
    h('caption', {class: 'visually-hidden'}, `${machines.length} state machine(s), by name`),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Name'),
      h('th', {scope: 'col', class: 'num'}, 'Revision'),
      h('th', {scope: 'col'}, 'Updated'),
      h('th', {scope: 'col'}, 'Created'))),
    h('tbody', {}, machines.map((m) => h('tr', {},
      h('th', {scope: 'row', 'data-label': 'Name'}, machineLink(m.name)),
      h('td', {class: 'num', 'data-label': 'Revision'}, m.revision),
      h('td', {'data-label': 'Updated'}, time(m.updateDate)),
      h('td', {'data-label': 'Created'}, time(m.creationDate))))));
}
