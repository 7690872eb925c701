// Ordo's HTTP API (/api/v1) with the bearer token the user entered. The token lives in
// sessionStorage: it is gone when the tab closes and is never sent anywhere but this origin's API.

const TOKEN_KEY = 'ordo.token';
const TENANT_KEY = 'ordo.tenant';
export const BASE = new URL('../api/v1', document.baseURI).pathname;

export function token() {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** The tenant an admin token acts on (sent as Ordo-Tenant), or null: the token's own. */
export function tenant() {
  return sessionStorage.getItem(TENANT_KEY);
}

export function setTenant(value) {
  if (value) sessionStorage.setItem(TENANT_KEY, value);
  else sessionStorage.removeItem(TENANT_KEY);
}

/** A failed call: the problem response's detail, code and status (RFC 9457). */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || null;
    this.problem = problem;
  }
}

const listeners = new Set();

/** Called with the ApiError whenever the API refuses the token (401). */
export function onUnauthorized(listener) {
  listeners.add(listener);
}

export function headers(extra = {}) {
  return {Authorization: `Bearer ${token()}`, ...tenantHeader(tenant()), ...extra};
}

function tenantHeader(name) {
  return name ? {'Ordo-Tenant': name} : {};
}

/** Calls the API; answers the JSON body (null for 204) or throws an ApiError. */
export async function call(method, path, body, {signal} = {}) {
  const init = {method, headers: headers({Accept: 'application/json'}), signal};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = toJson(body);
  }
  let response;
  try {
    response = await fetch(BASE + path, init);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, {detail: `Ordo cannot be reached (${e.message})`, code: 'network'});
  }
  return answer(response);
}

/**
 * JSON a user wrote in a form's field (a parameter, an input, a definition), sent as written. Parsed
 * and written again, it would not be what the user wrote: a number past 2^53 is rounded, 1e400
 * becomes null and a member named twice loses one of its values, where the API refuses such a
 * value with a reason.
 */
export class JsonText {
  /** @param text JSON text that JSON.parse reads */
  constructor(text) {
    this.text = text;
  }
}

/** A request body as JSON text: as JSON.stringify writes it, with each JsonText as its text. */
export function toJson(value) {
  if (value instanceof JsonText) return value.text;
  if (typeof value?.toJSON === 'function') return toJson(value.toJSON()); // a Date, say
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : toJson(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).filter(([, item]) => item !== undefined)
      .map(([name, item]) => `${JSON.stringify(name)}:${toJson(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * JSON.parse, but an integer that a JavaScript number cannot hold (past 2^53, as a task's long may
 * be) is kept as its digits (JSON.rawJSON, which JSON.stringify writes as it came): shown, edited
 * and sent back, it stays the number the API holds instead of the nearest double.
 */
export function parseJson(text) {
  return JSON.parse(text, (key, value, context) => (Number.isInteger(value)
    && !Number.isSafeInteger(value) && /^-?[0-9]+$/.test(context?.source ?? '')
    ? JSON.rawJSON(context.source) : value));
}

/** The JSON of a response, or the ApiError it carries. */
export async function answer(response) {
  if (response.ok) {
    if (response.status === 204) return null;
    const text = await response.text();
    return text ? parseJson(text) : null;
  }
  let problem;
  try {
    problem = await response.json();
  } catch {
    problem = {detail: `HTTP ${response.status} ${response.statusText}`};
  }
  const error = new ApiError(response.status, problem);
  if (response.status === 401) listeners.forEach((listener) => listener(error));
  throw error;
}

/** Whether a text can be a bearer token at all: printable ASCII (RFC 6750), as a header must be. */
export function tokenLike(candidate) {
  return /^[\x21-\x7e]+$/.test(candidate);
}

/**
 * Whether the API accepts `candidate` (without signing anyone out), acting on `tenantName` if one is
 * given (an admin token's choice); throws other failures, such as a tenant the token may not act on
 * or that does not exist (the API's detail says which).
 */
export async function accepts(candidate, tenantName = '') {
  if (!tokenLike(candidate)) return false; // fetch would refuse the header before asking
  const response = await fetch(`${BASE}/parallel-queue?limit=1`, {
    headers: {Authorization: `Bearer ${candidate}`, Accept: 'application/json',
      ...tenantHeader(tenantName)},
  });
  if (response.status === 401) return false;
  // a valid token whose role cannot read queues; with a tenant, the refusal to act on it
  if (response.status === 403 && !tenantName) return true;
  await answer(response);
  return true;
}

export const get = (path, options) => call('GET', path, undefined, options);
export const post = (path, body) => call('POST', path, body);
export const put = (path, body) => call('PUT', path, body);
export const del = (path) => call('DELETE', path);

/** Whether a text is "." or "..", which no id or name may be: a URL resolves them away. */
export function isDotSegment(text) {
  return text === '.' || text === '..';
}

/**
 * The path segment of a queue id, message id or name. "." and ".." are refused: the browser's URL
 * parser resolves them (encoded as %2e too) to the path above, another endpoint.
 */
export function seg(value) {
  const text = String(value);
  if (isDotSegment(text)) {
    throw new Error(`"${text}" cannot be an id or a name: the API's paths cannot carry it`);
  }
  return encodeURIComponent(text);
}
