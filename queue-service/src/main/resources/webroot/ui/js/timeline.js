// History events on a timeline, for tasks and state-machine executions alike.

import {epochTime, h, shortJson, taskLink} from './dom.js';

/** A link to an execution's own screen. */
export function executionLink(executionId, text = executionId) {
  return h('a', {href: `#/executions/${encodeURIComponent(executionId)}`, class: 'mono'}, text);
}

/** One history event on the timeline: id, type, the state it concerns, time and attributes. */
export function eventItem(event) {
  const attributesKey = Object.keys(event).find((key) => key.endsWith('EventAttributes'));
  const attributes = (attributesKey && event[attributesKey]) || {};
  const stateName = !event.eventType.startsWith('Execution') && typeof attributes.name === 'string'
    ? attributes.name : null;
  const shown = stateName === null ? attributes
    : Object.fromEntries(Object.entries(attributes).filter(([key]) => key !== 'name'));
  return h('li', {class: `event event-${kind(event.eventType)}`, dataset: {eventId: event.eventId}},
    h('div', {class: 'event-head'},
      h('span', {class: 'event-id'}, `#${event.eventId}`),
      h('strong', {class: 'event-type'}, event.eventType),
      stateName === null ? null : h('span', {class: 'event-state'}, stateName),
      epochTime(event.eventTimestamp)),
    attributeList(shown));
}

function attributeList(attributes) {
  const entries = Object.entries(attributes || {}).filter(([, v]) => v !== null && v !== undefined);
  if (!entries.length) return null;
  return h('dl', {class: 'event-attributes'}, entries.map(([name, value]) => h('div', {},
    h('dt', {}, name),
    h('dd', {}, attributeValue(name, value)))));
}

function attributeValue(name, value) {
  if (name === 'messageId' && typeof value === 'string') return taskLink(value);
  if (name === 'executionId' && typeof value === 'string') return executionLink(value);
  return typeof value === 'object' ? shortJson(value, 160) : String(value);
}

/** A colour family for an event type. */
export function kind(type) {
  if (/Failed|TimedOut|LeaseExpired|Stopped|StopRequested|Aborted/.test(type)) return 'bad';
  if (/Completed|Succeeded/.test(type)) return 'good';
  if (/Released|ReleaseRequested|Removed|Reentered|Deactivated|Rejected/.test(type)) return 'warn';
  return 'info';
}
