// Find a task by its message id (on the Tasks screen).

import {h} from '../dom.js';

/** A form that opens a task's screen by its message id. */
export function findForm() {
  const input = h('input', {id: 'find-id', name: 'messageId', type: 'text', required: true,
    maxlength: 64, autocomplete: 'off', spellcheck: 'false', class: 'mono'});
  const form = h('form', {class: 'inline-form'},
    h('div', {class: 'field'}, h('label', {for: 'find-id'}, 'Message id'), input,
      h('p', {class: 'hint'}, 'Any task of your tenant, waiting, running or finished (while its '
        + 'history is kept).')),
    h('div', {class: 'field field-submit'},
      h('button', {type: 'submit', class: 'button-primary'}, 'Open task')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = input.value.trim();
    if (id) location.hash = `#/tasks/${encodeURIComponent(id)}`;
  });
  return form;
}
