// Find a task by its message id.

import {h, heading} from '../dom.js';

export function render(main) {
  const input = h('input', {id: 'find-id', name: 'messageId', type: 'text', required: true,
    maxlength: 64, autocomplete: 'off', spellcheck: 'false', class: 'mono'});
  const form = h('form', {class: 'inline-form'},
    h('div', {class: 'field'}, h('label', {for: 'find-id'}, 'Message id'), input),
    h('div', {class: 'field field-submit'},
      h('button', {type: 'submit', class: 'button-primary'}, 'Open task')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = input.value.trim();
    if (id) location.hash = `#/tasks/${encodeURIComponent(id)}`;
  });
  main.append(
    h('div', {class: 'screen-head'}, heading('Find a task')),
    h('section', {class: 'panel', 'aria-labelledby': 'screen-title'},
      h('p', {}, 'Open any task of your tenant, waiting, running or finished (while its history '
        + 'is kept), to see its info and its history.'),
      form));
}
