// Task types as the forms offer them (GET /task-types): an option's value and label, and a line
// that describes the chosen one.

import {h} from './dom.js';

/** Script options carry this prefix (a class name never contains a colon). */
export const SCRIPT = 'js:';

export function optionValue(type) {
  return type.jsPath ? SCRIPT + type.jsPath : type.taskClassName;
}

/** A task type as the user picks it: its first alias (short name) if it has one; a script's path. */
export function label(type) {
  if (type.jsPath) return `${type.jsPath} (JavaScript)`;
  return type.aliases && type.aliases.length ? type.aliases[0] : type.taskClassName;
}

export function describeType(type) {
  const parts = [type.jsPath ? `Script ${type.jsPath}` : `Class ${type.taskClassName}`];
  if (type.aliases && type.aliases.length > 1) parts.push(`aliases ${type.aliases.join(', ')}`);
  const defaults = Object.entries(type.defaultTimeouts || {})
    .filter(([, value]) => value !== 'NONE' && value !== null)
    .map(([name, value]) => `${name} ${value} s`);
  if (defaults.length) parts.push(`default timeouts: ${defaults.join(', ')}`);
  return parts.join(' · ') + '.';
}

/** The task of a type option's value: {taskClassName} or {jsPath}. */
export function taskOf(value) {
  return value.startsWith(SCRIPT) ? {jsPath: value.slice(SCRIPT.length)} : {taskClassName: value};
}

/** The options of a type select, sorted by label. */
export function typeOptions(types) {
  return [...types].sort((a, b) => label(a).localeCompare(label(b)))
    .map((type) => h('option', {value: optionValue(type)}, label(type)));
}
