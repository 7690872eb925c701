// Executions: the executions of every state machine, newest first, filtered by status, state
// machine and time, a page at a time, the page shown refreshed every 3 s.

import * as api from '../api.js';
import {badge, h, heading, replaceContent, time} from '../dom.js';
import {clearLink, fromHash, isoOf, pager, query, statusChecks, timeField, toHash}
  from '../lists.js';
import {machineLink} from '../machines.js';

const STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'];
const FIELDS = ['stateMachine', 'since', 'until'];
const PAGE_SIZE = 50;

export function render(main, params) {
  const values = fromHash(params, FIELDS);
  const area = h('div', {class: 'table-area'}, h('p', {class: 'muted'}, 'Loading executions…'));
  let listed = false;
  const pages = pager(async (token) => {
    try {
      return await api.get(`/executions?${query(values, token, PAGE_SIZE)}`);
    } catch (error) {
      if (!listed) {
        replaceContent(area, h('p', {class: 'empty'}, 'The executions could not be listed.'));
      }
      throw error;
    }
  }, (page) => {
    listed = true;
    replaceContent(area, page.executions.length ? table(page.executions)
      : h('p', {class: 'empty'}, 'No execution matches these filters.'));
  }, 'Listing executions');
  main.append(
    h('div', {class: 'screen-head'}, heading('Executions')),
    h('section', {class: 'panel', 'aria-labelledby': 'filter-title'},
      h('h2', {id: 'filter-title'}, 'Filter'), filterForm(values)),
    h('section', {'aria-labelledby': 'executions-title'},
      h('h2', {id: 'executions-title'}, 'Executions of every state machine, newest first'),
      area, pages.el));
  return pages.start();
}

function filterForm(values) {
  const form = h('form', {class: 'inline-form filters', id: 'executions-filter'},
    statusChecks('executions-status', STATUSES, values.status),
    h('div', {class: 'field'},
      h('label', {for: 'executions-stateMachine'}, 'State machine'),
      h('input', {id: 'executions-stateMachine', name: 'stateMachine', type: 'text',
        value: values.stateMachine || null, maxlength: 80, autocomplete: 'off',
        spellcheck: 'false', class: 'mono'})),
    timeField('executions-since', 'Started or stopped from', values.since),
    timeField('executions-until', 'Started or stopped before', values.until),
    h('div', {class: 'field field-submit'},
      h('button', {type: 'submit', class: 'button-primary'}, 'Apply filters'), ' ',
      clearLink('executions')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    toHash('executions', {
      status: data.getAll('status'),
      stateMachine: String(data.get('stateMachine') || '').trim(),
      since: isoOf(data.get('since')),
      until: isoOf(data.get('until')),
    });
  });
  return form;
}

function table(executions) {
  return h('table', {class: 'data responsive', id: 'executions-table'},
    h('caption', {class: 'visually-hidden'}, `${executions.length} execution(s), newest first`),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Execution'),
      h('th', {scope: 'col'}, 'State machine'),
      h('th', {scope: 'col'}, 'Status'),
      h('th', {scope: 'col'}, 'Started'),
      h('th', {scope: 'col'}, 'Stopped'))),
    h('tbody', {}, executions.map((e) => h('tr', {dataset: {executionId: e.executionId}},
      h('th', {scope: 'row', 'data-label': 'Execution'},
        h('a', {href: `#/executions/${api.seg(e.executionId)}`, class: 'mono'}, e.name)),
      h('td', {'data-label': 'State machine'}, machineLink(e.stateMachine)),
      h('td', {'data-label': 'Status'}, badge(e.status, `execution-${e.status}`)),
      h('td', {'data-label': 'Started'}, time(e.startDate)),
      h('td', {'data-label': 'Stopped'}, time(e.stopDate))))));
}
