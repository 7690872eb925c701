// A form's JSON field (a task's parameter, an execution's input, a definition): empty text is no
// value; text that does not parse, or a parameter that is not an object, is the field's error. The
// text is sent as written (api.JsonText), so the API checks what the user wrote.

import {JsonText, parseJson} from './api.js';

/**
 * @param text the field's text
 * @param objectOnly whether only a JSON object (or null) is allowed: a task's parameter
 * @return {value, json} (both undefined for empty text; json is the text to send, as written) or
 *     {error}
 */
export function readJson(text, objectOnly) {
  const trimmed = text.trim();
  if (!trimmed) return {value: undefined, json: undefined};
  let value;
  try {
    value = parseJson(trimmed);
  } catch (e) {
    return {error: `Not valid JSON: ${e.message}`};
  }
  if (objectOnly && value !== null && (typeof value !== 'object' || Array.isArray(value)
    || JSON.isRawJSON(value))) {
    return {error: 'The parameter must be a JSON object (or empty).'};
  }
  if (!trimmed.isWellFormed()) {
    // sent as UTF-8, half a character would silently become U+FFFD
    return {error: 'Not valid text: it holds half of a UTF-16 surrogate pair.'};
  }
  return {value, json: new JsonText(trimmed)};
}
