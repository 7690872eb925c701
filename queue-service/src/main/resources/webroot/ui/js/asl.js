// The Amazon States Language as the UI reads it: a definition as a graph of scopes, states and
// transitions (for the drawing); validation paths ($.States.A.Next, $['odd name']) and where they
// are in the editor's text; and an execution's history as where each state stands.
// Definitions may be invalid (the editor draws what it can): nothing here throws on odd input.

// (a number kept as its digits, JSON.rawJSON, is a number here)
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
  && !JSON.isRawJSON(v);

/**
 * A definition as nested scopes: {startAt, states: [state]}, where a state is {name, type, def,
 * edges: [{to, kind, label, title}], ends: 'succeed' | 'fail' | null, branches: [scope]}, kinds
 * being next, default, choice and catch. Parallel states have one branch per Branches entry, Map
 * states one (their ItemProcessor or Iterator). Transitions to unknown states are left out.
 */
export function graphModel(definition) {
  const names = new Set();
  collectNames(definition, names);
  return scope(definition, names);
}

function collectNames(scopeDef, names) {
  if (!isObject(scopeDef) || !isObject(scopeDef.States)) return;
  for (const [name, def] of Object.entries(scopeDef.States)) {
    names.add(name);
    for (const inner of innerScopes(def)) collectNames(inner, names);
  }
}

function innerScopes(def) {
  if (!isObject(def)) return [];
  if (def.Type === 'Parallel') return Array.isArray(def.Branches) ? def.Branches : [];
  if (def.Type === 'Map') {
    const processor = def.ItemProcessor || def.Iterator;
    return processor ? [processor] : [];
  }
  return [];
}

function scope(scopeDef, names) {
  const states = [];
  if (isObject(scopeDef) && isObject(scopeDef.States)) {
    for (const [name, def] of Object.entries(scopeDef.States)) states.push(state(name, def, names));
  }
  const startAt = isObject(scopeDef) && typeof scopeDef.StartAt === 'string' ? scopeDef.StartAt
    : null;
  return {startAt: states.some((s) => s.name === startAt) ? startAt : null, states};
}

function state(name, def, names) {
  const d = isObject(def) ? def : {};
  const type = typeof d.Type === 'string' ? d.Type : '?';
  const edges = [];
  const add = (to, kind, label = '', title = label) => {
    if (typeof to === 'string' && names.has(to)) edges.push({to, kind, label, title});
  };
  if (type === 'Choice') {
    (Array.isArray(d.Choices) ? d.Choices : []).forEach((rule, i) => {
      const text = isObject(rule) ? ruleText(rule) : '';
      add(isObject(rule) ? rule.Next : null, 'choice', text || `Rule ${i + 1}`,
        `Rule ${i + 1}${text ? `: ${text}` : ''}`);
    });
    add(d.Default, 'default', 'Default');
  } else {
    add(d.Next, 'next');
  }
  for (const catcher of Array.isArray(d.Catch) ? d.Catch : []) {
    if (!isObject(catcher)) continue;
    const errors = Array.isArray(catcher.ErrorEquals) ? catcher.ErrorEquals.join(', ') : '';
    add(catcher.Next, 'catch', `Catch ${errors}`.trim());
  }
  let ends = null;
  if (type === 'Succeed' || (d.End === true && type !== 'Choice' && type !== 'Fail')) {
    ends = 'succeed';
  }
  if (type === 'Fail') ends = 'fail';
  const branches = innerScopes(d).map((inner) => scope(inner, names));
  const retries = Array.isArray(d.Retry) && d.Retry.length ? 'Retry' : '';
  return {name, type, def: d, edges, ends, branches,
    detail: [detail(type, d), retries].filter(Boolean).join(' · ')};
}

/** The second line of a state's box: what it does, in a few words. */
function detail(type, d) {
  if (type === 'Task' && typeof d.Resource === 'string') return resourceName(d.Resource);
  if (type === 'Wait') {
    if (d.Seconds !== undefined) return `${d.Seconds} s`;
    if (d.SecondsPath) return `${d.SecondsPath} s`;
    if (d.Timestamp || d.TimestampPath) return `until ${d.Timestamp || d.TimestampPath}`;
  }
  if (type === 'Fail' && typeof d.Error === 'string') return d.Error;
  if (type === 'Map' && d.MaxConcurrency) return `${d.MaxConcurrency} at once`;
  return '';
}

/** The task type a Resource names: ordo:task:Add, …activity:Add, …function:Add → Add. */
export function resourceName(resource) {
  const ordo = /^ordo:task:(.+)$/.exec(resource);
  if (ordo) return ordo[1];
  const arn = /(?:activity|function):([^:]+)(?::[^:]*)?$/.exec(resource);
  return arn ? arn[1] : resource;
}

const COMPARISONS = {
  StringEquals: '=', NumericEquals: '=', BooleanEquals: '=', TimestampEquals: '=',
  StringLessThan: '<', NumericLessThan: '<', TimestampLessThan: '<',
  StringGreaterThan: '>', NumericGreaterThan: '>', TimestampGreaterThan: '>',
  StringLessThanEquals: '≤', NumericLessThanEquals: '≤', TimestampLessThanEquals: '≤',
  StringGreaterThanEquals: '≥', NumericGreaterThanEquals: '≥', TimestampGreaterThanEquals: '≥',
  StringMatches: 'matches',
};

/** A Choice rule in a few characters: `$.n < 3`, `not(…)`, `and(…)`. */
function ruleText(rule, depth = 0) {
  if (depth > 3) return '…';
  if (Array.isArray(rule.And)) return `and(${rule.And.map((r) => ruleText(r, depth + 1)).join(', ')})`;
  if (Array.isArray(rule.Or)) return `or(${rule.Or.map((r) => ruleText(r, depth + 1)).join(', ')})`;
  if (isObject(rule.Not)) return `not(${ruleText(rule.Not, depth + 1)})`;
  const variable = typeof rule.Variable === 'string' ? rule.Variable : '';
  for (const [key, value] of Object.entries(rule)) {
    if (key === 'Variable' || key === 'Next' || key === 'Comment') continue;
    const base = key.replace(/Path$/, '');
    if (COMPARISONS[base]) return `${variable} ${COMPARISONS[base]} ${JSON.stringify(value)}`;
    if (key.startsWith('Is')) return `${variable} ${key}${value === false ? ' false' : ''}`;
  }
  return variable;
}

// ---- a readable definition ----

const SCOPE_KEYS = ['Comment', 'StartAt', 'Version', 'TimeoutSeconds', 'ProcessorConfig', 'States'];
const STATE_KEYS = ['Type', 'Comment', 'Resource', 'Branches', 'ItemProcessor', 'Iterator',
  'ItemsPath', 'ItemReader', 'ItemSelector', 'MaxConcurrency', 'InputPath', 'Parameters', 'Result',
  'ResultSelector', 'ResultPath', 'OutputPath', 'Seconds', 'SecondsPath', 'Timestamp',
  'TimestampPath', 'TimeoutSeconds', 'TimeoutSecondsPath', 'HeartbeatSeconds',
  'HeartbeatSecondsPath', 'Choices', 'Default', 'Error', 'ErrorPath', 'Cause', 'CausePath', 'Retry',
  'Catch', 'Next', 'End'];
const RULE_KEYS = ['Variable'];
const RETRY_KEYS = ['ErrorEquals', 'IntervalSeconds', 'MaxAttempts', 'BackoffRate',
  'MaxDelaySeconds', 'JitterStrategy'];
const CATCH_KEYS = ['ErrorEquals', 'ResultPath', 'Next'];

/**
 * The same definition with its members in the order people write them (the database keeps JSON
 * objects with their keys sorted its own way): StartAt before States, Type first and Next or End
 * last in a state, and the states in the order the machine goes through them. Values inside
 * Parameters, Result and the like keep their order.
 */
export function readable(definition) {
  return readableScope(definition);
}

function readableScope(sc) {
  if (!isObject(sc)) return sc;
  const out = ordered(sc, SCOPE_KEYS);
  if (isObject(sc.States)) {
    const states = {};
    for (const name of visitOrder(sc)) states[name] = readableState(sc.States[name]);
    out.States = states;
  }
  return out;
}

function readableState(st) {
  if (!isObject(st)) return st;
  const out = ordered(st, STATE_KEYS, ['Next', 'End']);
  if (Array.isArray(st.Branches)) out.Branches = st.Branches.map(readableScope);
  if (isObject(st.ItemProcessor)) out.ItemProcessor = readableScope(st.ItemProcessor);
  if (isObject(st.Iterator)) out.Iterator = readableScope(st.Iterator);
  if (Array.isArray(st.Choices)) {
    out.Choices = st.Choices.map((r) => (isObject(r) ? ordered(r, RULE_KEYS, ['Next']) : r));
  }
  if (Array.isArray(st.Retry)) out.Retry = st.Retry.map((r) => (isObject(r) ? ordered(r, RETRY_KEYS) : r));
  if (Array.isArray(st.Catch)) out.Catch = st.Catch.map((c) => (isObject(c) ? ordered(c, CATCH_KEYS) : c));
  return out;
}

/** The keys in `first` order, then the others as they come, then those in `last`. */
function ordered(obj, first, last = []) {
  const out = {};
  for (const key of first) if (key in obj && !last.includes(key)) out[key] = obj[key];
  for (const key of Object.keys(obj)) if (!(key in out) && !last.includes(key)) out[key] = obj[key];
  for (const key of last) if (key in obj) out[key] = obj[key];
  return out;
}

/** A scope's state names from StartAt along the transitions, then the ones not reached. */
function visitOrder(sc) {
  const names = Object.keys(sc.States);
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !names.includes(name)) return;
    seen.add(name);
    const st = isObject(sc.States[name]) ? sc.States[name] : {};
    const targets = [st.Next,
      ...(Array.isArray(st.Choices) ? st.Choices.map((r) => isObject(r) && r.Next) : []),
      st.Default,
      ...(Array.isArray(st.Catch) ? st.Catch.map((c) => isObject(c) && c.Next) : [])];
    targets.filter((t) => typeof t === 'string').forEach(visit);
  };
  if (typeof sc.StartAt === 'string') visit(sc.StartAt);
  names.forEach(visit);
  return [...seen];
}

// ---- validation paths ----

/**
 * The segments of a validation error's path: $.States.A → ['States', 'A']; $['x y'][0] → ['x y',
 * 0]. Answers null for a path it cannot read.
 */
export function pathSegments(path) {
  if (typeof path !== 'string' || !path.startsWith('$')) return null;
  const segments = [];
  let i = 1;
  while (i < path.length) {
    if (path[i] === '.') {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(i + 1));
      if (!m) return null;
      segments.push(m[0]);
      i += 1 + m[0].length;
    } else if (path.startsWith("['", i)) {
      let name = '';
      let j = i + 2;
      for (; j < path.length && path[j] !== "'"; j++) {
        if (path[j] === '\\' && j + 1 < path.length) j++;
        name += path[j];
      }
      if (!path.startsWith("']", j)) return null;
      segments.push(name);
      i = j + 2;
    } else if (path[i] === '[') {
      const m = /^\[(\d+)\]/.exec(path.slice(i));
      if (!m) return null;
      segments.push(Number(m[1]));
      i += m[0].length;
    } else {
      return null;
    }
  }
  return segments;
}

/** The path of a member, written as the server writes validation paths. */
export function pathOf(segments) {
  return '$' + segments.map((s) => {
    if (typeof s === 'number') return `[${s}]`;
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(s)) return `.${s}`;
    return `['${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }).join('');
}

/** The state a validation path points into (the innermost one), or null. */
export function stateOfPath(path) {
  const segments = pathSegments(path) || [];
  let found = null;
  for (let i = 0; i + 1 < segments.length; i++) {
    if (segments[i] === 'States' && typeof segments[i + 1] === 'string') found = segments[i + 1];
  }
  return found;
}

/**
 * Where each member of a JSON text is: path → {start, end} (character offsets of the key, or of
 * the value for array elements and the root, to the end of the value). Null if the text is not
 * JSON.
 */
export function jsonLocations(text) {
  const places = new Map();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const fail = () => {
    throw new SyntaxError('not JSON');
  };
  const string = () => {
    if (text[i] !== '"') fail();
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail();
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (segments, start) => {
    ws();
    const from = start ?? i;
    if (text[i] === '{') {
      i++;
      ws();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          ws();
          const keyStart = i;
          const key = string();
          ws();
          if (text[i++] !== ':') fail();
          value([...segments, key], keyStart);
          ws();
          if (text[i] === ',') i++;
          else if (text[i] === '}') { i++; break; } else fail();
        }
      }
    } else if (text[i] === '[') {
      i++;
      ws();
      if (text[i] === ']') i++;
      else {
        for (let n = 0; ; n++) {
          value([...segments, n]);
          ws();
          if (text[i] === ',') i++;
          else if (text[i] === ']') { i++; break; } else fail();
        }
      }
    } else if (text[i] === '"') {
      string();
    } else {
      const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!m) fail();
      i += m[0].length;
    }
    places.set(pathOf(segments), {start: from, end: i});
  };
  try {
    value([]);
    ws();
    if (i !== text.length) fail();
    return places;
  } catch {
    return null;
  }
}

/** The place in the text of a path, or of its nearest ancestor found there. */
export function locate(text, path) {
  const places = jsonLocations(text);
  const segments = pathSegments(path);
  if (!places || !segments) return null;
  for (let n = segments.length; n >= 0; n--) {
    const place = places.get(pathOf(segments.slice(0, n)));
    if (place) return place;
  }
  return null;
}

// ---- where an execution stands ----

const STATE_EVENT = /^(Task|Parallel|Map|Pass|Choice|Wait|Succeed|Fail)State(Entered|Exited|Aborted|Failed)$/;

/**
 * Where each state of an execution stands, from its history events: name → {status, entered,
 * messageIds}, status being running, retrying, succeeded, caught (failed, then handled by a
 * Catch), failed or aborted; and the transitions it took ("from→to", with "^→X" for a scope's
 * StartAt and "X→$" for an end).
 *
 * @param model the graph model of the definition the execution runs (for states inside branches)
 * @param events the history, oldest first
 */
export function progress(model, events) {
  const states = new Map();
  const taken = new Set();
  const parents = new Map();
  const starts = new Set();
  const walk = (sc, parent) => {
    if (sc.startAt) starts.add(sc.startAt);
    for (const s of sc.states) {
      parents.set(s.name, parent);
      s.branches.forEach((b) => walk(b, s.name));
    }
  };
  walk(model, null);
  const of = (name) => {
    if (!states.has(name)) {
      states.set(name, {status: null, entered: 0, active: 0, messageIds: []});
    }
    return states.get(name);
  };
  const leave = (name, status) => {
    const s = of(name);
    s.active = Math.max(0, s.active - 1);
    if (!(status === 'aborted' && s.status === 'failed')) s.status = status;
    if (s.active > 0) s.status = 'running';
  };
  /** A container left: whatever still runs inside it is settled too. */
  const settleInside = (container, status) => {
    for (const [name, s] of states) {
      if (s.active > 0 && insideOf(name, container, parents)) {
        s.active = 0;
        s.status = status;
      }
    }
  };
  const ends = new Map();
  const index = (sc) => sc.states.forEach((s) => {
    ends.set(s.name, s.ends);
    s.branches.forEach(index);
  });
  index(model);

  let previousExit = null;
  let executionEnd = null;
  for (const event of events) {
    const type = event.eventType;
    const key = Object.keys(event).find((k) => k.endsWith('EventAttributes'));
    const a = (key && event[key]) || {};
    const name = a.name;
    const m = STATE_EVENT.exec(type);
    if (m && typeof name === 'string') {
      const [, kind, what] = m;
      if (what === 'Entered') {
        const s = of(name);
        s.entered++;
        s.active++;
        s.status = 'running';
        if (previousExit !== null) taken.add(`${previousExit}→${name}`);
        if (starts.has(name)) taken.add(`^→${name}`);
        if (kind === 'Fail') {
          leave(name, 'failed');
          taken.add(`${name}→$`);
        }
      } else if (what === 'Exited') {
        leave(name, a.error ? 'caught' : 'succeeded');
        if (kind === 'Parallel' || kind === 'Map') settleInside(name, 'aborted');
        if (!a.error && ends.get(name) === 'succeed') taken.add(`${name}→$`);
      } else if (what === 'Aborted') {
        leave(name, 'aborted');
        if (kind === 'Parallel' || kind === 'Map') settleInside(name, 'aborted');
      } else if (what === 'Failed') { // Parallel or Map
        settleInside(name, 'aborted');
        failure(name, a);
      }
      previousExit = what === 'Exited' ? name : null;
      continue;
    }
    previousExit = null;
    if (type === 'TaskScheduled' && typeof name === 'string') {
      if (a.messageId) of(name).messageIds.push(a.messageId);
      if (of(name).status === 'retrying') of(name).status = 'running';
    } else if (/^(Parallel|Map)StateStarted$/.test(type) && typeof name === 'string') {
      if (of(name).status === 'retrying') of(name).status = 'running';
    } else if ((type === 'TaskFailed' || type === 'TaskTimedOut') && typeof name === 'string') {
      failure(name, a);
    } else if (/^Execution(Succeeded|Failed|TimedOut|Aborted)$/.test(type)) {
      executionEnd = type;
    }
  }
  if (executionEnd && executionEnd !== 'ExecutionSucceeded') {
    // What still ran when the execution ended: the failing state, or aborted ones.
    for (const s of states.values()) {
      if (s.active > 0) {
        s.active = 0;
        s.status = executionEnd === 'ExecutionAborted' ? 'aborted' : 'failed';
      }
    }
  }
  for (const s of states.values()) delete s.active;
  return {states, taken};

  function failure(name, a) {
    if (a.retry) {
      of(name).status = 'retrying';
    } else if (!a.caughtBy) {
      leave(name, 'failed');
    } // caught: the Exited event with the error follows
  }
}

function insideOf(name, container, parents) {
  for (let p = parents.get(name); p; p = parents.get(p)) {
    if (p === container) return true;
  }
  return false;
}

/** Every state's name in the model (depth first), for lists and tests. */
export function allStates(model) {
  const out = [];
  const walk = (sc, depth) => sc.states.forEach((s) => {
    out.push({state: s, depth});
    s.branches.forEach((b) => walk(b, depth + 1));
  });
  walk(model, 0);
  return out;
}
