// Shared pieces of the state-machine screens: names, links, status badges, the graph panel.

import {graphModel, readable} from './asl.js';
import {badge, h} from './dom.js';
import {drawGraph, graphText, STATUS_TEXT} from './graph.js';

/** A state machine's or an execution's name, as the API takes it. */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,80}$/;
export const NAME_RULE = '1 to 80 letters, digits, _ . or -';

export function machineHref(name) {
  return `#/state-machines/${encodeURIComponent(name)}`;
}

export function machineLink(name) {
  return h('a', {href: machineHref(name)}, name);
}

/** An execution's status: RUNNING, SUCCEEDED, FAILED, TIMED_OUT or ABORTED. */
export function statusBadge(status) {
  return badge(status, `execution-${status}`);
}

/** Pretty JSON for an editor. */
export function pretty(value) {
  return JSON.stringify(value, null, 2);
}

/**
 * The graph panel's body: the drawing in a scrollable area, a legend, and the same as text.
 *
 * @return {el, draw(definition, {title, progress, invalid}), clear(message)}
 */
export function graphView({id, label, legend: withProgress = false}) {
  const area = h('div', {class: 'graph-area', id, tabindex: '0', role: 'region',
    'aria-label': `${label} (scrollable)`});
  const text = h('div', {class: 'graph-text'});
  const details = h('details', {class: 'graph-details'},
    h('summary', {}, 'The graph as text'), text);
  const fit = h('button', {type: 'button', class: 'button-quiet button-small graph-fit-toggle',
    'aria-pressed': 'false', 'aria-controls': id}, 'Fit to width');
  fit.addEventListener('click', () => {
    fit.setAttribute('aria-pressed', String(area.classList.toggle('graph-fit')));
  });
  const el = h('div', {class: 'graph-view'}, area,
    h('div', {class: 'graph-tools'}, legend(withProgress), fit), details);
  let drawn = null; // what the drawing shows, to draw it again only when that changes
  return {
    el,
    draw(definition, options = {}) {
      const model = graphModel(readable(definition));
      if (!model.states.length) {
        this.clear('No states to draw yet.');
        return;
      }
      const progress = options.progress ? options.progress(model) : null;
      const key = JSON.stringify([model, options.title, [...(options.invalid || [])],
        progress && [[...progress.states], [...progress.taken]]]);
      if (key === drawn) return;
      drawn = key;
      area.replaceChildren(drawGraph(model, {...options, progress}));
      text.replaceChildren(textVersion(model, {...options, progress}));
    },
    clear(message) {
      drawn = null;
      area.replaceChildren(h('p', {class: 'muted graph-empty'}, message));
      text.replaceChildren();
    },
  };
}

function legend(withProgress) {
  const item = (cls, text) => h('li', {}, h('span', {class: `swatch ${cls}`, 'aria-hidden': 'true'}),
    text);
  return h('ul', {class: 'graph-legend', 'aria-label': 'Legend'},
    item('swatch-next', 'transition'),
    item('swatch-catch', 'Catch'),
    withProgress ? [
      item('swatch-taken', 'taken'),
      item('swatch-running', 'running'),
      item('swatch-succeeded', 'succeeded'),
      item('swatch-caught', 'failed, caught'),
      item('swatch-failed', 'failed'),
      item('swatch-aborted', 'aborted'),
    ] : item('swatch-invalid', 'has problems'));
}

function textVersion(model, options) {
  const rows = graphText(model, options);
  return h('table', {class: 'data graph-table'},
    h('caption', {class: 'visually-hidden'}, 'States, where they go and where they stand'),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'State'),
      h('th', {scope: 'col'}, 'Type'),
      h('th', {scope: 'col'}, 'Goes to'),
      h('th', {scope: 'col'}, 'Status'))),
    h('tbody', {}, rows.map(({state, depth, status, goes, standing}) =>
      h('tr', {dataset: {state: state.name}},
        h('th', {scope: 'row', class: `depth-${Math.min(depth, 4)}`},
          model.startAt === state.name ? [state.name, ' ', h('span', {class: 'muted'}, '(start)')]
            : state.name),
        h('td', {}, [state.type, state.detail].filter(Boolean).join(' · ')),
        h('td', {}, goes.length ? goes.join(', ') : h('span', {class: 'muted'}, '—')),
        h('td', {}, status ? STATUS_TEXT[status] : h('span', {class: 'muted'}, '—'),
          standing && standing.entered > 1 ? ` (${standing.entered}×)` : null)))));
}
