// State machines: a marked place for what comes later (SPEC 7 and 12).

import {h, heading} from '../dom.js';

export function render(main) {
  main.append(
    h('div', {class: 'screen-head'}, heading('State machines')),
    h('section', {class: 'panel placeholder', id: 'state-machines'},
      h('p', {class: 'placeholder-title'}, 'State machines are not available yet.'),
      h('p', {}, 'This screen will list state machines and their executions, draw each state '
        + 'graph and show where an execution stands. Until then, tasks run through the queues.')));
}
