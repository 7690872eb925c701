// What the Tasks and Executions lists share: filters kept in the location hash (so a filtered list
// is a link), status checkboxes, a time window in local time, and cursor paging (next/previous).

import {h} from './dom.js';

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

/** Puts the filter values into the hash, which shows the list again. */
export function toHash(screen, values) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((v) => params.append(name, v));
    else if (value) params.set(name, value);
  }
  const text = params.toString();
  location.hash = `#/${screen}${text ? '?' + text : ''}`;
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
 * Cursor paging: `load(token)` shows a page and answers its nextPageToken. Keeps the tokens of
 * the pages before, for "Previous page".
 */
export function pager(load) {
  const before = [];
  let current = null;
  let next = null;
  const previousButton = h('button', {type: 'button', class: 'button-quiet', disabled: true},
    '‹ Previous page');
  const nextButton = h('button', {type: 'button', class: 'button-quiet', disabled: true},
    'Next page ›');
  const label = h('span', {class: 'muted page-number'}, '');
  async function show(token) {
    next = await load(token);
    current = token;
    previousButton.disabled = before.length === 0;
    nextButton.disabled = !next;
    label.textContent = `Page ${before.length + 1}`;
  }
  previousButton.addEventListener('click', () => show(before.pop() ?? null));
  nextButton.addEventListener('click', () => {
    before.push(current);
    show(next);
  });
  return {
    el: h('nav', {class: 'pager', 'aria-label': 'Pages'}, previousButton, ' ', label, ' ',
      nextButton),
    first: () => {
      before.length = 0;
      return show(null);
    },
    again: () => show(current),
  };
}
