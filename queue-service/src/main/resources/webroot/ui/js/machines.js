// Shared pieces of the state-machine screens: names, links, status badges, the graph panel.

import {graphModel, readable} from './asl.js';
import {badge, h} from './dom.js';
import {drawGraph, graphText, STATUS_TEXT} from './graph.js';

/**
 * A state machine's or an execution's name, as the API takes it; not "." or "..", which a URL
 * cannot carry as a path segment (the browser resolves them to the path above).
 */
export const NAME_PATTERN = /^(?!\.\.?$)[A-Za-z0-9_.-]{1,80}$/;
export const NAME_RULE = '1 to 80 letters, digits, _ . or -, and not "." or ".."';

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
  // Drawn fitted to the frame (shrunk, never enlarged); the button shows it at its actual size.
  area.classList.add('graph-fit');
  const fit = h('button', {type: 'button', class: 'button-quiet button-small graph-fit-toggle',
    'aria-pressed': 'true', 'aria-controls': id}, 'Fit to frame');
  fit.addEventListener('click', () => {
    fit.setAttribute('aria-pressed', String(area.classList.toggle('graph-fit')));
    fitGraph(area);
  });
  new ResizeObserver(() => fitGraph(area)).observe(area);
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
      fitGraph(area);
      text.replaceChildren(textVersion(model, {...options, progress}));
    },
    clear(message) {
      drawn = null;
      area.replaceChildren(h('p', {class: 'muted graph-empty'}, message));
      text.replaceChildren();
    },
  };
}

/**
 * Sizes the drawing in `area`: with `graph-fit`, scaled down (keeping its proportions) until it
 * fits the frame's width and its largest height; otherwise at its actual size. The drawing keeps
 * its actual size in data-width/data-height; the viewBox keeps the coordinates.
 */
function fitGraph(area) {
  const svg = area.querySelector('svg.state-graph');
  if (!svg) return;
  if (!svg.dataset.width) {
    svg.dataset.width = svg.getAttribute('width');
    svg.dataset.height = svg.getAttribute('height');
  }
  const width = Number(svg.dataset.width);
  const height = Number(svg.dataset.height);
  let scale = 1;
  const style = getComputedStyle(area);
  const frameWidth = area.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight);
  const frameHeight = parseFloat(style.maxHeight) - parseFloat(style.paddingTop)
    - parseFloat(style.paddingBottom) - parseFloat(style.borderTopWidth)
    - parseFloat(style.borderBottomWidth);
  if (area.classList.contains('graph-fit') && frameWidth > 0) {
    scale = Math.min(1, frameWidth / width, frameHeight > 0 ? frameHeight / height : 1);
  }
  svg.setAttribute('width', String(Math.floor(width * scale)));
  svg.setAttribute('height', String(Math.floor(height * scale)));
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
