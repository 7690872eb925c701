// A form's JSON field (a task's parameter, an execution's input): empty text is no value; text that
// does not parse, or a parameter that is not an object, is the field's error.

/**
 * @param text the field's text
 * @param objectOnly whether only a JSON object (or null) is allowed: a task's parameter
 * @return {value} (undefined for empty text) or {error}
 */
export function readJson(text, objectOnly) {
  const trimmed = text.trim();
  if (!trimmed) return {value: undefined};
  let value;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    return {error: `Not valid JSON: ${e.message}`};
  }
  if (objectOnly && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    return {error: 'The parameter must be a JSON object (or empty).'};
  }
  return {value};
}
