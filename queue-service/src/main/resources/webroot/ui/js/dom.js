// Small DOM helpers. Everything from the API goes in as text (never as HTML), with its invisible
// direction and zero-width controls shown as escapes (see visible).

/**
 * Creates an element: h('a', {href: '#/x', class: 'link'}, 'text', child, ...).
 * Attributes whose value is false, null or undefined are left out; `on*` functions become listeners;
 * `dataset` is an object of data-* attributes.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (name === 'class') {
      el.className = value;
    } else if (value === true) {
      el.setAttribute(name, '');
    } else {
      el.setAttribute(name, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(visible(String(child))));
  }
}

// Bidi embeddings, overrides and isolates, zero-width characters and marks, line and paragraph
// separators, the Arabic letter mark and the byte-order mark: invisible, yet a U+202E in a value
// shows what follows it reversed ("amount":100 as 001). No label of the UI's own has one.
const CONTROLS = /[\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A text with each invisible control character written as its JSON escape (\u202e), so it shows
 * where it is and cannot reorder or hide what is around it. Valid JSON stays valid JSON.
 */
export function visible(text) {
  return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Replaces an element's content (an auto-refresh), keeping keyboard focus on the control that
 * stands where the focused one stood: same focus key, or same kind, target and text.
 */
export function replaceContent(el, ...children) {
  const active = document.activeElement;
  const key = active && active !== el && el.contains(active) ? focusSignature(active) : null;
  el.replaceChildren();
  append(el, children);
  if (key) {
    const again = [...el.querySelectorAll(FOCUSABLE)].find((c) => focusSignature(c) === key);
    if (again) again.focus();
  }
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function focusSignature(el) {
  if (el.dataset.focusKey) return el.dataset.focusKey;
  return [el.tagName, el.getAttribute('href'), el.getAttribute('aria-label'), el.textContent]
    .join('|');
}

/** A time from the API (ISO-8601) as a <time> in local time with its date, or a dash. */
export function time(iso) {
  if (!iso) return h('span', {class: 'muted'}, '—');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return h('time', {datetime: date.toISOString(), title: date.toISOString()}, formatTime(date));
}

/** A history event's time (epoch seconds with a millisecond fraction), to the millisecond. */
export function epochTime(seconds) {
  const date = new Date(Math.round(seconds * 1000));
  return h('time', {datetime: date.toISOString(), title: date.toISOString()},
    formatTime(date, true));
}

/**
 * The one way the UI writes a time: local, with its date, on the 24-hour clock
 * ("2026-11-24 17:05:09", with millis "2026-11-24 17:05:09.042"), whatever the browser's locale.
 */
export function formatTime(date, millis = false) {
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day} ${clock}${millis ? '.' + pad(date.getMilliseconds(), 3) : ''}`;
}

/** JSON as one line of text, at most `max` characters (cut with "…"); control characters escaped. */
export function jsonText(value, max = Infinity) {
  const text = visible(JSON.stringify(value) ?? 'null');
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

/** JSON shortened for a table cell; the whole value in the title. */
export function shortJson(value, max = 60) {
  if (value === null || value === undefined) return h('span', {class: 'muted'}, 'none');
  const text = jsonText(value);
  const shown = jsonText(value, max);
  return h('code', {class: 'json', title: shown === text ? null : text}, shown);
}

/** JSON pretty-printed in a <pre> (scrolling inside its box); control characters escaped. */
export function prettyJson(value) {
  return h('pre', {class: 'json-block'}, visible(JSON.stringify(value, null, 2) ?? 'null'));
}

/** The task a message runs: its class's simple name (the full name on hover) or its script. */
export function taskType(task) {
  if (task.jsPath) return h('span', {class: 'mono'}, task.jsPath);
  const name = task.taskClassName || '';
  const simple = name.slice(name.lastIndexOf('.') + 1);
  return h('span', {title: simple === name ? null : name}, simple);
}

/** A link to a task's own screen. */
export function taskLink(messageId) {
  return h('a', {href: `#/tasks/${encodeURIComponent(messageId)}`, class: 'mono'}, messageId);
}

/** A coloured label for a state such as RUNNING or Active. */
export function badge(text, kind = text) {
  return h('span', {class: `badge badge-${String(kind).toLowerCase()}`}, text);
}

/** The screen heading; focused after navigation so screen readers announce the new screen. */
export function heading(text, ...extra) {
  return h('h1', {tabindex: '-1', id: 'screen-title'}, text, ...extra);
}
