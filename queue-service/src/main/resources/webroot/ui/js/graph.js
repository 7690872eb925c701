// The drawing of a state graph (SVG), laid out here in a few steps of the layered ("Sugiyama")
// method, top to bottom, one scope (the machine, a Parallel branch, a Map's item processor) at a
// time:
//   1. nodes: Start, the states, End; a Parallel or Map state is a box holding its scopes' own
//      drawings side by side, so it is laid out after them, as one big node of its scope;
//   2. edges: Next, Default, Choices[].Next, Catch[].Next, StartAt, End/Succeed/Fail → End;
//   3. cycles: a depth-first walk from Start marks the edges that go back up (loops);
//   4. layers: the longest path from Start over the other edges; End below everything;
//   5. long edges get a point per layer they cross (a back edge also one on its ends' layers, so
//      it runs up beside the states, on their right);
//   6. order in each layer: a few sweeps sorting by the mean position of the neighbours above
//      (then below), which removes most crossings;
//   7. x: each node wants the mean x of its neighbours; two passes keep the order and the gaps
//      (left to right, right to left) and their mean is taken; y: the layers stacked;
//   8. edges drawn as curves through their points; labels on Choice and Catch edges.
// Everything from the definition goes in as text (textContent), never as markup, with its
// invisible direction controls escaped (dom.js visible): a U+202E in a state name must not reverse
// what the drawing shows.

import {allStates} from './asl.js';
import {visible} from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const NODE_W = 184;
const NODE_H = 50;
const GAP_X = 30;
const GAP_Y = 48;
const PAD = 14;
const HEAD = 50;
const BRANCH_GAP = 14;
const DUMMY_W = 12;
const LOOP = 28;

/** An SVG element: s('rect', {width: 10}, child, …); text children become text nodes. */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(visible(String(child))));
  }
  return el;
}

const round = (n) => Math.round(n * 10) / 10;

function clip(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// ---- layout ----

/** Lays one scope out; answers {w, h, nodes, edges} in the scope's own coordinates. */
function layoutScope(scope, depth) {
  const top = depth === 0;
  const nodes = [];
  const byName = new Map();
  const add = (node) => {
    node.order = nodes.length;
    node.up = [];
    node.down = [];
    nodes.push(node);
    return node;
  };
  const start = add({kind: 'start', w: top ? 64 : 18, h: top ? 28 : 18});
  for (const state of scope.states) {
    const node = {kind: 'state', state, w: NODE_W, h: NODE_H};
    if (state.type === 'Parallel' || state.type === 'Map') {
      node.inner = state.branches.map((b) => layoutScope(b, depth + 1));
      const innerW = node.inner.reduce((sum, l) => sum + l.w, 0)
        + BRANCH_GAP * Math.max(0, node.inner.length - 1);
      const innerH = Math.max(30, ...node.inner.map((l) => l.h));
      node.w = Math.max(NODE_W, innerW + 2 * PAD);
      node.h = HEAD + innerH + PAD;
    }
    byName.set(state.name, add(node));
  }
  let end = null;

  // Edges, one per pair of nodes (two Choice rules to one state share it).
  const edges = [];
  const pairs = new Map();
  const edge = (from, to, kind, label = '', title = '') => {
    const key = `${from.order}>${to.order}`;
    const known = pairs.get(key);
    if (known) {
      if (label) known.labels.push(label);
      if (title) known.titles.push(title);
      return;
    }
    const e = {from, to, kind, labels: label ? [label] : [], titles: title ? [title] : []};
    pairs.set(key, e);
    edges.push(e);
  };
  if (scope.startAt) edge(start, byName.get(scope.startAt), 'start');
  for (const state of scope.states) {
    const from = byName.get(state.name);
    for (const e of state.edges) {
      const to = byName.get(e.to);
      if (to) edge(from, to, e.kind, e.label, e.title);
    }
    if (state.ends) {
      end = end || add({kind: 'end', w: top ? 64 : 18, h: top ? 28 : 18});
      edge(from, end, state.ends === 'fail' ? 'fail' : 'end');
    }
  }
  const out = (n) => edges.filter((e) => e.from === n);

  // 3. Back edges, by a depth-first walk from Start, then from whatever it did not reach.
  const mark = new Map();
  const post = [];
  const visit = (n) => {
    mark.set(n, 1);
    for (const e of out(n)) {
      if (e.to === n) e.self = true;
      else if (mark.get(e.to) === 1) e.back = true;
      else if (!mark.has(e.to)) visit(e.to);
    }
    mark.set(n, 2);
    post.push(n);
  };
  visit(start);
  for (const n of nodes) if (!mark.has(n)) visit(n);

  // 4. Layers: longest path over forward edges, in topological order (reverse post-order).
  const layerOf = new Map();
  for (const n of post.slice().reverse()) {
    if (n === end) continue;
    let layer = n === start ? 0 : 1;
    for (const e of edges) {
      if (e.to === n && !e.back && !e.self && layerOf.has(e.from)) {
        layer = Math.max(layer, layerOf.get(e.from) + 1);
      }
    }
    layerOf.set(n, layer);
  }
  if (end) layerOf.set(end, Math.max(0, ...[...layerOf.values()]) + 1);
  const layerCount = Math.max(...layerOf.values()) + 1;
  const layers = Array.from({length: layerCount}, () => []);
  for (const n of nodes) {
    n.layer = layerOf.get(n);
    layers[n.layer].push(n);
  }

  // 5. Points for long and back edges (dummy nodes), linked layer to layer.
  const link = (upper, lower) => {
    upper.down.push(lower);
    lower.up.push(upper);
  };
  for (const e of edges) {
    if (e.self) continue;
    const dummy = (layer, anchor) => {
      const d = {kind: 'dummy', w: DUMMY_W, h: 0, layer, anchor, order: e.from.order + 0.5};
      d.up = [];
      d.down = [];
      layers[layer].push(d);
      return d;
    };
    e.chain = [e.from];
    if (e.back) {
      for (let l = e.from.layer; l >= e.to.layer; l--) {
        const anchor = l === e.from.layer ? e.from : l === e.to.layer ? e.to : null;
        const d = dummy(l, anchor);
        if (l < e.from.layer) link(d, e.chain[e.chain.length - 1]);
        e.chain.push(d);
      }
    } else {
      for (let l = e.from.layer + 1; l < e.to.layer; l++) {
        const d = dummy(l, null);
        link(e.chain[e.chain.length - 1], d);
        e.chain.push(d);
      }
      link(e.chain[e.chain.length - 1], e.to);
    }
    e.chain.push(e.to);
  }

  // 6. Order within layers: barycentre sweeps, down then up.
  const pos = new Map();
  layers.forEach((layer) => {
    layer.sort((a, b) => a.order - b.order);
    layer.forEach((n, i) => pos.set(n, i));
  });
  const mean = (list, f) => list.reduce((sum, n) => sum + f(n), 0) / list.length;
  for (let sweep = 0; sweep < 8; sweep++) {
    const down = sweep % 2 === 0;
    const range = down ? [...layers.keys()].slice(1) : [...layers.keys()].reverse().slice(1);
    for (const l of range) {
      const key = new Map();
      const free = layers[l].filter((n) => !n.anchor);
      for (const n of free) {
        const near = down ? n.up : n.down;
        key.set(n, near.length ? mean(near, (m) => pos.get(m)) : pos.get(n));
      }
      free.sort((a, b) => key.get(a) - key.get(b) || pos.get(a) - pos.get(b));
      // A back edge's point on its source's (or target's) layer stays just right of that node.
      for (const n of layers[l].filter((m) => m.anchor)) {
        free.splice(free.indexOf(n.anchor) + 1, 0, n);
      }
      layers[l] = free;
      layers[l].forEach((n, i) => pos.set(n, i));
    }
  }

  // 7. x: towards the neighbours, keeping order and gaps; y: layer by layer.
  const x = new Map();
  const gap = (a, b) => a.w / 2 + b.w / 2 + (a.kind === 'dummy' || b.kind === 'dummy'
    ? GAP_X / 2 : GAP_X) + (hasSelfLoop(a, edges) ? LOOP : 0);
  for (const layer of layers) {
    let at = 0;
    layer.forEach((n, i) => {
      if (i > 0) at += gap(layer[i - 1], n);
      x.set(n, at);
    });
  }
  for (let pass = 0; pass < 12; pass++) {
    const down = pass % 2 === 0;
    const order = down ? [...layers.keys()] : [...layers.keys()].reverse();
    for (const l of order) {
      const layer = layers[l];
      const want = layer.map((n, i) => {
        if (n.anchor) return x.get(n.anchor) + n.anchor.w / 2 + GAP_X / 2 + LOOP / 2;
        const near = (down ? n.up : n.down).length ? (down ? n.up : n.down) : [...n.up, ...n.down];
        if (near.length) return mean(near, (m) => x.get(m));
        // linked to nothing (an unreachable state): close to its left neighbour
        return i > 0 ? x.get(layer[i - 1]) + gap(layer[i - 1], n) : x.get(n);
      });
      const left = want.slice();
      for (let i = 1; i < layer.length; i++) {
        left[i] = Math.max(want[i], left[i - 1] + gap(layer[i - 1], layer[i]));
      }
      const right = want.slice();
      for (let i = layer.length - 2; i >= 0; i--) {
        right[i] = Math.min(want[i], right[i + 1] - gap(layer[i], layer[i + 1]));
      }
      layer.forEach((n, i) => x.set(n, (left[i] + right[i]) / 2));
    }
  }
  const all = layers.flat();
  const minX = Math.min(...all.map((n) => x.get(n) - n.w / 2));
  let width = 0;
  for (const n of all) {
    n.cx = x.get(n) - minX + PAD;
    n.x = n.cx - n.w / 2;
    width = Math.max(width, n.x + n.w + (hasSelfLoop(n, edges) ? LOOP : 0));
  }
  const bands = [];
  let y = PAD;
  for (const layer of layers) {
    const h = Math.max(12, ...layer.map((n) => n.h));
    bands.push({top: y, bottom: y + h});
    for (const n of layer) n.y = y;
    y += h + GAP_Y;
  }

  // 8. Edge paths.
  spreadEnds(nodes, edges);
  for (const e of edges) routeEdge(e, bands);
  return {w: width + PAD, h: y - GAP_Y + PAD, nodes, edges};
}

function hasSelfLoop(n, edges) {
  return n.kind === 'state' && edges.some((e) => e.self && e.from === n);
}

/** Where edges leave a node's bottom and reach a node's top: spread out, in the order they go. */
function spreadEnds(nodes, edges) {
  for (const n of nodes) {
    const outs = edges.filter((e) => e.from === n && !e.back && !e.self);
    const ins = edges.filter((e) => e.to === n && !e.back && !e.self);
    const spread = (list, towards, set) => {
      list.sort((a, b) => towards(a).cx - towards(b).cx);
      const step = list.length > 1 ? Math.min(16, (n.w - 24) / (list.length - 1)) : 0;
      list.forEach((e, i) => set(e, n.cx + (i - (list.length - 1) / 2) * step));
    };
    spread(outs, (e) => e.chain[1], (e, at) => { e.outX = at; });
    spread(ins, (e) => e.chain[e.chain.length - 2], (e, at) => { e.inX = at; });
  }
}

/** A path through the edge's points: straight down through layers, curves between them. */
function routeEdge(e, bands) {
  const {from, to} = e;
  if (e.self) {
    const x0 = from.x + from.w;
    const y0 = from.y + from.h * 0.3;
    const y1 = from.y + from.h * 0.7;
    e.d = `M${round(x0)},${round(y0)} C${round(x0 + LOOP)},${round(y0 - 6)} `
      + `${round(x0 + LOOP)},${round(y1 + 6)} ${round(x0 + 2)},${round(y1)}`;
    e.labelAt = {x: x0 + LOOP + 4, y: from.y + from.h / 2, anchor: 'start'};
    return;
  }
  const points = [];
  if (e.back) {
    const dummies = e.chain.slice(1, -1);
    points.push({x: from.x + from.w, y: from.y + from.h / 2});
    points.push({x: dummies[0].cx, y: from.y + from.h / 2 - 10, bend: true});
    for (const d of dummies.slice(1, -1)) {
      points.push({x: d.cx, y: bands[d.layer].bottom}, {x: d.cx, y: bands[d.layer].top, line: true});
    }
    points.push({x: dummies[dummies.length - 1].cx, y: to.y + to.h / 2 + 10});
    points.push({x: to.x + to.w + 2, y: to.y + to.h / 2, bend: true});
  } else {
    points.push({x: e.outX, y: from.y + from.h});
    for (const d of e.chain.slice(1, -1)) {
      points.push({x: d.cx, y: bands[d.layer].top}, {x: d.cx, y: bands[d.layer].bottom, line: true});
    }
    points.push({x: e.inX, y: to.y - 2});
  }
  let d = `M${round(points[0].x)},${round(points[0].y)}`;
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1];
    const q = points[i];
    if (q.line) {
      d += ` L${round(q.x)},${round(q.y)}`;
    } else if (q.bend || (e.back && i === 1)) {
      // sideways out of (or into) a node's right edge, turning vertical (or horizontal)
      const out = i === 1;
      d += out
        ? ` C${round(q.x)},${round(p.y)} ${round(q.x)},${round(p.y)} ${round(q.x)},${round(q.y)}`
        : ` C${round(p.x)},${round(q.y)} ${round(p.x)},${round(q.y)} ${round(q.x)},${round(q.y)}`;
    } else {
      const mid = (p.y + q.y) / 2;
      d += ` C${round(p.x)},${round(mid)} ${round(q.x)},${round(mid)} ${round(q.x)},${round(q.y)}`;
    }
  }
  e.d = d;
  const [p, q] = points;
  if (e.back) {
    e.labelAt = {x: p.x + 4, y: p.y - 6, anchor: 'start'};
  } else {
    // On the first curve, past its middle: labels of edges fanning out of a Choice drift apart.
    const t = 0.62;
    const mid = (p.y + q.y) / 2;
    const bez = (a, b, c, d) => (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b
      + 3 * (1 - t) * t ** 2 * c + t ** 3 * d;
    e.labelAt = {x: bez(p.x, p.x, q.x, q.x), y: bez(p.y, mid, mid, q.y) + 4, anchor: 'middle'};
  }
}

// ---- drawing ----

let drawings = 0;

const STATUS_TEXT = {
  running: 'running', retrying: 'retrying', succeeded: 'succeeded', caught: 'failed, caught',
  failed: 'failed', aborted: 'aborted', invalid: 'has problems',
};
const STATUS_GLYPH = {
  running: '▸', retrying: '↻', succeeded: '✓', caught: '!', failed: '✕', aborted: '■',
  invalid: '!',
};

/**
 * The drawing of a definition's graph model.
 *
 * @param options {title, progress: asl.progress() or null, invalid: Set of state names}
 * @return an <svg> element
 */
export function drawGraph(model, {title = 'State graph', progress = null, invalid = new Set()} = {}) {
  const layout = layoutScope(model, 0);
  const id = `g${++drawings}`;
  const arrow = (kind) => s('marker', {id: `${id}-${kind}`, viewBox: '0 0 10 10', refX: 9,
    refY: 5, markerWidth: 9, markerHeight: 9, markerUnits: 'userSpaceOnUse',
    orient: 'auto-start-reverse',
    class: `arrowhead arrowhead-${kind}`}, s('path', {d: 'M0,0 L10,5 L0,10 z'}));
  const svg = s('svg', {
    xmlns: NS, class: 'state-graph', width: round(layout.w), height: round(layout.h),
    viewBox: `0 0 ${round(layout.w)} ${round(layout.h)}`, role: 'group',
    'aria-labelledby': `${id}-title`,
  },
  s('title', {id: `${id}-title`}, title),
  s('defs', {}, arrow('plain'), arrow('taken'), arrow('catch')));
  const context = {id, progress, invalid};
  svg.append(drawScope(layout, context, true));
  return svg;
}

function drawScope(layout, context, top) {
  const g = s('g', {class: 'scope'});
  const edges = s('g', {class: 'edges'});
  for (const e of layout.edges) edges.append(drawEdge(e, context));
  g.append(edges);
  for (const n of layout.nodes) {
    if (n.kind === 'start' || n.kind === 'end') g.append(drawTerminal(n, top, layout, context));
    else if (n.kind === 'state') g.append(drawState(n, context));
  }
  return g;
}

function edgeKey(e) {
  const name = (n) => (n.kind === 'start' ? '^' : n.kind === 'end' ? '$' : n.state.name);
  return `${name(e.from)}→${name(e.to)}`;
}

function drawEdge(e, {id, progress}) {
  const taken = progress && progress.taken.has(edgeKey(e));
  const catching = e.kind === 'catch';
  const classes = ['edge', `edge-${e.kind}`, e.back ? 'edge-back' : '', taken ? 'edge-taken' : '']
    .filter(Boolean).join(' ');
  const marker = taken ? 'taken' : catching ? 'catch' : 'plain';
  const g = s('g', {class: classes, dataset: null},
    s('path', {d: e.d, 'marker-end': `url(#${id}-${marker})`}));
  g.dataset.edge = edgeKey(e);
  const label = e.labels.join(' · ');
  if (label) {
    const text = s('text', {x: round(e.labelAt.x), y: round(e.labelAt.y),
      'text-anchor': e.labelAt.anchor, class: 'edge-label'}, clip(label, 22));
    g.append(s('title', {}, e.titles.length ? e.titles.join('\n') : label), text);
  }
  return g;
}

function drawTerminal(n, top, layout, {progress}) {
  const isStart = n.kind === 'start';
  const g = s('g', {class: `terminal terminal-${n.kind}`,
    transform: `translate(${round(n.x)},${round(n.y)})`});
  const reached = progress && layout.edges.some((e) => (isStart ? e.from : e.to) === n
    && progress.taken.has(edgeKey(e)));
  if (reached) g.classList.add('terminal-reached');
  if (top) {
    g.append(s('rect', {width: n.w, height: n.h, rx: n.h / 2}),
      s('text', {x: n.w / 2, y: n.h / 2 + 5, 'text-anchor': 'middle'}, isStart ? 'Start' : 'End'));
  } else {
    g.append(s('circle', {cx: n.w / 2, cy: n.h / 2, r: isStart ? 6 : 8}));
    if (!isStart) g.append(s('circle', {class: 'inner', cx: n.w / 2, cy: n.h / 2, r: 4}));
    g.append(s('title', {}, isStart ? 'Start of the branch' : 'End of the branch'));
  }
  return g;
}

function drawState(n, context) {
  const {state} = n;
  const standing = context.progress && context.progress.states.get(state.name);
  const status = context.invalid.has(state.name) ? 'invalid' : standing ? standing.status : null;
  const group = !!n.inner;
  const g = s('g', {
    class: ['state', `type-${state.type.toLowerCase()}`, group ? 'state-group' : '',
      status ? `status-${status}` : ''].filter(Boolean).join(' '),
    transform: `translate(${round(n.x)},${round(n.y)})`,
  });
  g.dataset.state = state.name;
  if (status) g.dataset.status = status;
  const kind = group && state.type === 'Parallel'
    ? `Parallel · ${state.branches.length} branch${state.branches.length === 1 ? '' : 'es'}`
    : [state.type, state.detail].filter(Boolean).join(' · ');
  const maxChars = Math.floor((n.w - (status ? 44 : 22)) / 7.6);
  g.append(
    s('rect', {class: 'box', width: n.w, height: n.h, rx: 7}),
    s('text', {class: 'state-name', x: 11, y: 20}, clip(state.name, maxChars)),
    s('text', {class: 'state-kind', x: 11, y: 38}, clip(kind, Math.floor((n.w - 22) / 6.4))));
  if (status) {
    g.append(s('circle', {class: 'mark', cx: n.w - 15, cy: 15, r: 9}),
      s('text', {class: 'mark-glyph', x: n.w - 15, y: 19.5, 'text-anchor': 'middle'},
        STATUS_GLYPH[status]));
  }
  if (standing && standing.entered > 1) {
    g.append(s('text', {class: 'state-count', x: n.w - 28, y: 20, 'text-anchor': 'end'},
      `×${standing.entered}`));
  }
  if (group) {
    let bx = (n.w - (n.inner.reduce((sum, l) => sum + l.w, 0)
      + BRANCH_GAP * (n.inner.length - 1))) / 2;
    n.inner.forEach((inner, i) => {
      const label = state.type === 'Map' ? 'Each item' : `Branch ${i + 1}`;
      const box = s('g', {class: 'branch', transform: `translate(${round(bx)},${HEAD})`},
        s('rect', {class: 'branch-box', width: round(inner.w), height: round(inner.h), rx: 6}),
        s('text', {class: 'branch-label', x: 6, y: 12}, label),
        drawScope(inner, context, false));
      box.dataset.branch = String(i);
      g.append(box);
      bx += inner.w + BRANCH_GAP;
    });
  }
  const described = `${state.name}: ${kind}${status ? `, ${STATUS_TEXT[status]}` : ''}`
    + (standing && standing.entered > 1 ? `, entered ${standing.entered} times` : '');
  const message = standing && standing.messageIds.length
    ? standing.messageIds[standing.messageIds.length - 1] : null;
  if (message && !group) {
    const a = s('a', {href: `#/tasks/${encodeURIComponent(message)}`, class: 'state-link',
      'aria-label': `${described}. Open its task ${message}`}, g);
    a.append(s('title', {}, `${described}\nTask ${message}`));
    return a;
  }
  g.setAttribute('role', group ? 'group' : 'img');
  g.setAttribute('aria-label', described);
  g.prepend(s('title', {}, described));
  return g;
}

/** The drawing's text version: every state, its transitions and where it stands. */
export function graphText(model, {progress = null, invalid = new Set()} = {}) {
  const rows = allStates(model).map(({state, depth}) => {
    const standing = progress && progress.states.get(state.name);
    const status = invalid.has(state.name) ? 'invalid' : standing ? standing.status : null;
    const goes = state.edges.map((e) => (e.kind === 'next' ? e.to : `${e.to} (${e.label})`));
    if (state.ends) goes.push(state.ends === 'fail' ? 'End (fails)' : 'End');
    return {state, depth, status, goes, standing};
  });
  return rows;
}

export {STATUS_TEXT};
