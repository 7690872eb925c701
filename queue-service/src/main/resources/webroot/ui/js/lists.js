// What the Tasks and Executions lists share: filters kept in the location hash (so a filtered list
// is a link), status checkboxes, a time window in local time, and cursor paging (next/previous)
// that refreshes the page shown.

import {h} from './dom.js';
import {every, showError} from './ui.js';

/** How often the page of a list is read again. */
export const REFRESH_MS = 3000;

/** The API query of a filter form's values: repeated status, empty fields left out. */
export function query(values, pageToken, limit) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((v) => params.append(name, v));
    else if (value) params.set(name, value);
  }
  params.set('limit', String(limit));
  if (pageToken) params.set('nextPageToken', pageToken);
  return params.toString();
}

/** The filter values named by the hash's query (#/tasks?status=FAILED&since=...). */
export function fromHash(params, names) {
  const values = {status: params.getAll('status').flatMap((s) => s.split(',')).filter(Boolean)};
  for (const name of names) values[name] = params.get(name) || '';
  return values;
}

/**
 * Puts the filter values into the hash, which shows the list again from its first page. The same
 * hash changes nothing, so the screen is shown again by hand: "Apply filters" and "Clear" always
 * reload.
 */
export function toHash(screen, values) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((v) => params.append(name, v));
    else if (value) params.set(name, value);
  }
  const text = params.toString();
  const hash = `#/${screen}${text ? '?' + text : ''}`;
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}

/** The "Clear" link of a filter form: the unfiltered list, reloaded even if it is shown. */
export function clearLink(screen) {
  return h('a', {href: `#/${screen}`, class: 'button-quiet', onclick: (event) => {
    event.preventDefault();
    toHash(screen, {});
  }}, 'Clear');
}

/** A fieldset of status checkboxes. */
export function statusChecks(id, statuses, selected) {
  return h('fieldset', {class: 'choices status-filter', id},
    h('legend', {}, 'Status (none checked: all)'),
    statuses.map((status) => h('span', {class: 'choice'},
      h('input', {type: 'checkbox', id: `${id}-${status}`, name: 'status', value: status,
        checked: selected.includes(status)}),
      h('label', {for: `${id}-${status}`}, status))));
}

/** A datetime-local field holding an ISO time from the hash, shown in local time. */
export function timeField(id, label, iso) {
  const input = h('input', {id, name: id.slice(id.lastIndexOf('-') + 1), type: 'datetime-local',
    step: 1, value: iso ? localInput(new Date(iso)) : null});
  return h('div', {class: 'field'}, h('label', {for: id}, label), input);
}

/** The ISO time of a datetime-local value (local time), or '' if empty. */
export function isoOf(localValue) {
  if (!localValue) return '';
  const date = new Date(localValue);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

function localInput(date) {
  if (Number.isNaN(date.getTime())) return null;
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
    + `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * Cursor paging of a list that refreshes itself: `read(token)` answers a page of the API (with its
 * nextPageToken), `show(page)` shows it. The page shown is read again every REFRESH_MS (and shown
 * again only if it changed); "Previous page" goes back through the tokens of the pages before. A
 * page change moves the pager only once its page is read; if that fails, the error is shown and the
 * pager stays. An answer that a later page change overtook is not shown.
 *
 * @param what what the list is, for errors ("Listing tasks")
 * @return {el: the buttons, start(): shows the first page and refreshes it until stopped (answers
 *     the stop function), again(): reads the page shown again}
 */
export function pager(read, show, what) {
  let before = [];
  let current = null;
  let next = null;
  let shown = null; // the JSON of the page shown
  let generation = 0; // moved by each page change
  let turning = false; // a page change is reading its page
  const previousButton = h('button', {type: 'button', class: 'button-quiet', disabled: true},
    '‹ Previous page');
  const nextButton = h('button', {type: 'button', class: 'button-quiet', disabled: true},
    'Next page ›');
  const label = h('span', {class: 'muted page-number'}, '');

  function display(token, pagesBefore, page, force) {
    before = pagesBefore;
    current = token;
    next = page.nextPageToken || null;
    previousButton.disabled = before.length === 0;
    nextButton.disabled = !next;
    label.textContent = `Page ${before.length + 1}`;
    const snapshot = JSON.stringify(page);
    if (!force && snapshot === shown) return;
    shown = snapshot;
    show(page);
  }

  /** Reads and shows another page; the pager moves only if it was read. */
  async function turn(token, pagesBefore) {
    const mine = ++generation;
    turning = true;
    try {
      const page = await read(token);
      if (mine === generation) display(token, pagesBefore, page, true);
    } catch (error) {
      if (mine === generation) showError(error, what);
    } finally {
      if (mine === generation) turning = false;
    }
  }

  /** Reads the page shown again, unless a page change is under way or overtakes it. */
  async function refresh(force = false) {
    if (turning) return;
    const seen = generation;
    const page = await read(current);
    if (seen === generation && !turning) display(current, before, page, force);
  }

  previousButton.addEventListener('click', () => turn(before.at(-1) ?? null, before.slice(0, -1)));
  nextButton.addEventListener('click', () => turn(next, [...before, current]));
  return {
    el: h('nav', {class: 'pager', 'aria-label': 'Pages'}, previousButton, ' ', label, ' ',
      nextButton),
    start: () => every(REFRESH_MS, refresh),
    again: () => refresh(true),
  };
}
