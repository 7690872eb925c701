// One state machine: its definition (pretty JSON, editable), saved with PUT and every validation
// problem listed with its JSON path; the drawing of its graph (of the editor's text, as it is
// typed); starting an execution; its executions.

import * as api from '../api.js';
import {locate, readable, stateOfPath} from '../asl.js';
import {h, heading, replaceContent, time} from '../dom.js';
import {readJson} from '../json-field.js';
import {NAME_PATTERN, NAME_RULE, graphView, pretty, statusBadge} from '../machines.js';
import {executionLink} from '../timeline.js';
import {act, clearMessages, every, loading, showError, showStatus, untilRead}
  from '../ui.js';

const REFRESH_MS = 4000;
const PREVIEW_MS = 300;
/** How soon a failed read of the state machine is tried again. */
const READ_AGAIN_MS = 3000;

const TEMPLATE = {
  Comment: 'A new state machine: replace this with your states.',
  StartAt: 'Hello',
  States: {
    Hello: {Type: 'Pass', Result: 'Hello', End: true},
  },
};

export function render(main, name) {
  const controller = new AbortController();
  const path = `/state-machines/${api.seg(name)}`;
  let stored = null; // the saved state machine, null until loaded or if there is none
  let problems = []; // of the last save
  let previewTimer = null;

  // Definition editor
  const editor = h('textarea', {id: 'sm-definition', name: 'definition', rows: 24,
    spellcheck: 'false', class: 'mono code-editor', autocomplete: 'off', disabled: true,
    'aria-describedby': 'sm-definition-hint sm-definition-error'});
  const jsonError = h('p', {class: 'field-error', id: 'sm-definition-error'});
  const save = h('button', {type: 'submit', class: 'button-primary', disabled: true},
    'Save definition');
  const format = h('button', {type: 'button', onclick: formatDefinition}, 'Format');
  const revert = h('button', {type: 'button', class: 'button-quiet', disabled: true,
    onclick: () => showDefinition(stored.definition)}, 'Revert to saved');
  const problemList = h('section', {id: 'definition-errors', class: 'problems',
    'aria-labelledby': 'problems-title', hidden: true});
  const definitionForm = h('form', {novalidate: true, id: 'definition-form'},
    h('div', {class: 'field'},
      h('label', {for: 'sm-definition'}, 'Definition (Amazon States Language, JSON)'),
      editor,
      h('p', {class: 'hint', id: 'sm-definition-hint'},
        'StartAt and States; Task states name a task type in Resource, e.g. ordo:task:Add.'),
      jsonError),
    h('div', {class: 'actions'}, save, format, revert),
    problemList);
  definitionForm.addEventListener('submit', (event) => {
    event.preventDefault();
    // What the last submit said is not this one's outcome: this one may be refused in the page.
    clearMessages();
    saveDefinition();
  });
  editor.addEventListener('input', () => {
    setJsonError('');
    clearTimeout(previewTimer);
    previewTimer = setTimeout(drawEditor, PREVIEW_MS);
  });

  // Graph
  const meta = h('p', {class: 'breadcrumb', id: 'machine-meta'}, 'Loading…');
  const graphNote = h('p', {class: 'hint graph-note', id: 'graph-note'});
  const graph = graphView({id: 'machine-graph', label: `State graph of ${name}`});

  // Start an execution
  const input = h('textarea', {id: 'sm-input', name: 'input', rows: 4, spellcheck: 'false',
    class: 'mono', 'aria-describedby': 'sm-input-hint sm-input-error'}, '{}');
  const inputError = h('p', {class: 'field-error', id: 'sm-input-error'});
  const executionName = h('input', {id: 'sm-execution-name', name: 'executionName', type: 'text',
    maxlength: 80, autocomplete: 'off', spellcheck: 'false', class: 'mono',
    'aria-describedby': 'sm-execution-name-hint'});
  const start = h('button', {type: 'submit', class: 'button-primary', disabled: true},
    'Start execution');
  const startNote = h('p', {class: 'hint', id: 'start-note'}, '');
  const startForm = h('form', {novalidate: true, id: 'start-form', class: 'start-form'},
    h('div', {class: 'field'},
      h('label', {for: 'sm-input'}, 'Input (JSON)'),
      input,
      h('p', {class: 'hint', id: 'sm-input-hint'}, 'Any JSON value, e.g. [3, 2] or {"millis": 1000}.'),
      inputError),
    h('div', {class: 'field'},
      h('label', {for: 'sm-execution-name'}, 'Execution name (optional)'),
      executionName,
      h('p', {class: 'hint', id: 'sm-execution-name-hint'},
        `Unique in this state machine; by default the execution id. ${NAME_RULE}.`)),
    h('div', {class: 'actions'}, start),
    startNote);
  startForm.addEventListener('submit', (event) => {
    event.preventDefault();
    clearMessages();
    startExecution();
  });
  input.addEventListener('input', () => setFieldError(input, inputError, ''));

  // Executions
  const executions = h('div', {class: 'table-area', id: 'executions'},
    loading('Loading executions…'));
  let lastExecutions = '';

  main.append(
    h('p', {class: 'breadcrumb'}, h('a', {href: '#/state-machines'}, 'State machines'), ' / ',
      h('span', {class: 'mono'}, name)),
    h('div', {class: 'screen-head'},
      h('div', {}, heading('State machine ', h('span', {class: 'mono'}, name)), meta)),
    h('div', {class: 'machine-layout'},
      h('section', {class: 'panel', 'aria-labelledby': 'definition-title'},
        h('h2', {id: 'definition-title'}, 'Definition'), definitionForm),
      h('section', {class: 'panel', 'aria-labelledby': 'graph-title'},
        h('h2', {id: 'graph-title'}, 'Graph'), graphNote, graph.el)),
    h('div', {class: 'machine-layout'},
      h('section', {class: 'panel', 'aria-labelledby': 'start-title'},
        h('h2', {id: 'start-title'}, 'Start an execution'), startForm),
      h('section', {class: 'panel', 'aria-labelledby': 'executions-title'},
        h('h2', {id: 'executions-title'}, 'Executions'), executions)));

  let stopRefresh = () => {};
  const stopLoad = untilRead(READ_AGAIN_MS, `Loading state machine ${name}`, load);
  return () => {
    controller.abort();
    clearTimeout(previewTimer);
    stopLoad();
    stopRefresh();
  };

  async function load() {
    try {
      stored = await api.get(path, {signal: controller.signal});
      showDefinition(stored.definition);
    } catch (error) {
      if (error.status !== 404) {
        meta.textContent = 'Could not be loaded.';
        throw error;
      }
      stored = null;
      showDefinition(TEMPLATE);
      executions.replaceChildren(h('p', {class: 'empty'}, 'None: save the definition first.'));
    }
    editor.disabled = false;
    save.disabled = false;
    describe();
    if (stored) watchExecutions();
  }

  function describe() {
    if (stored) {
      meta.replaceChildren(`Revision ${stored.revision} · saved `, time(stored.updateDate),
        ' · created ', time(stored.creationDate));
    } else {
      meta.textContent = `Not saved yet: no state machine is named ${name}. Write its definition `
        + 'and save it to create it.';
    }
    revert.disabled = !stored;
    start.disabled = !stored;
    startNote.textContent = stored ? '' : 'Save the definition first.';
  }

  function showDefinition(definition) {
    clearTimeout(previewTimer);
    editor.value = pretty(readable(definition));
    setJsonError('');
    drawEditor();
  }

  /** Draws the editor's text: the saved definition, or a preview of the changes. */
  function drawEditor() {
    let definition;
    try {
      definition = api.parseJson(editor.value);
    } catch {
      graphNote.textContent = 'The definition is not valid JSON: the drawing shows the last '
        + 'valid one.';
      return;
    }
    const unchanged = stored && pretty(readable(definition)) === pretty(readable(stored.definition));
    graphNote.textContent = unchanged ? `Revision ${stored.revision}, as saved.`
      : 'Preview of the definition in the editor (not saved).';
    const invalid = new Set(problems.map((p) => stateOfPath(p.path)).filter(Boolean));
    graph.draw(definition, {title: `State graph of ${name}`, invalid});
  }

  function formatDefinition() {
    try {
      editor.value = pretty(api.parseJson(editor.value));
      setJsonError('');
    } catch (e) {
      setJsonError(`Not valid JSON: ${e.message}`);
    }
  }

  function setJsonError(text) {
    setFieldError(editor, jsonError, text);
  }

  async function saveDefinition() {
    const read = readJson(editor.value, false);
    if (read.error || read.json === undefined) {
      setJsonError(read.error || 'Not valid JSON: the definition is empty.');
      editor.focus();
      return;
    }
    await act(save, `Saving state machine ${name}`, async () => {
      let saved;
      try {
        saved = await api.put(path, {definition: read.json});
      } catch (error) {
        if (error.code === 'invalid_definition') showProblems(error.problem.errors || []);
        throw error;
      }
      const created = !stored;
      stored = saved;
      showProblems([]);
      showDefinition(saved.definition);
      describe();
      showStatus(`State machine ${name} ${created ? 'created' : 'saved'}: revision `
        + `${saved.revision}.`);
      if (created) watchExecutions();
    });
  }

  /** The problems of the last save, each with its path (a button that shows it in the editor). */
  function showProblems(list) {
    problems = list;
    drawEditor();
    if (!list.length) {
      problemList.hidden = true;
      problemList.replaceChildren();
      return;
    }
    problemList.hidden = false;
    problemList.replaceChildren(
      h('h3', {id: 'problems-title'},
        `${list.length} problem${list.length === 1 ? '' : 's'}: nothing was saved`),
      h('ol', {class: 'problem-list'}, list.map((p) => h('li', {class: 'problem'},
        h('button', {type: 'button', class: 'problem-path mono button-small',
          'aria-label': `Show ${p.path} in the definition`,
          onclick: () => reveal(p.path)}, p.path),
        ' ',
        h('span', {class: 'problem-message'}, p.message)))));
  }

  /** Selects a path's member in the editor and scrolls to it. */
  function reveal(jsonPath) {
    const place = locate(editor.value, jsonPath);
    editor.focus();
    if (!place) return;
    editor.setSelectionRange(place.start, place.end);
    const line = editor.value.slice(0, place.start).split('\n').length - 1;
    const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
    editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  async function startExecution() {
    const body = {};
    const read = readJson(input.value, false);
    if (read.error) {
      setFieldError(input, inputError, read.error);
      input.focus();
      return;
    }
    if (read.json !== undefined) body.input = read.json;
    const wanted = executionName.value.trim();
    if (wanted) {
      if (!NAME_PATTERN.test(wanted)) {
        showError(new Error(`The execution name must be ${NAME_RULE}.`), 'Starting');
        executionName.focus();
        return;
      }
      body.name = wanted;
    }
    await act(start, `Starting an execution of ${name}`, async () => {
      const execution = await api.post(`${path}/executions`, body);
      location.hash = `#/executions/${encodeURIComponent(execution.executionId)}`;
    });
  }

  function watchExecutions() {
    stopRefresh();
    stopRefresh = every(REFRESH_MS, refreshExecutions, executions);
  }

  async function refreshExecutions() {
    const list = await api.get(`${path}/executions?limit=50`, {signal: controller.signal});
    const snapshot = JSON.stringify(list);
    if (snapshot === lastExecutions) return;
    lastExecutions = snapshot;
    replaceContent(executions, list.length ? executionTable(list)
      : h('p', {class: 'empty'}, 'No execution yet.'));
  }
}

function setFieldError(field, box, text) {
  box.textContent = text;
  if (text) field.setAttribute('aria-invalid', 'true');
  else field.removeAttribute('aria-invalid');
}

function executionTable(list) {
  return h('table', {class: 'data responsive', id: 'executions-table'},
    h('caption', {class: 'visually-hidden'}, `The latest ${list.length} execution(s), newest first`),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Execution'),
      h('th', {scope: 'col'}, 'Status'),
      h('th', {scope: 'col'}, 'Started'),
      h('th', {scope: 'col'}, 'Stopped'))),
    h('tbody', {}, list.map((e) => h('tr', {dataset: {executionId: e.executionId}},
      h('th', {scope: 'row', 'data-label': 'Execution'}, executionLink(e.executionId, e.name)),
      h('td', {'data-label': 'Status'}, statusBadge(e.status)),
      h('td', {'data-label': 'Started'}, time(e.startDate)),
      h('td', {'data-label': 'Stopped'}, time(e.stopDate))))));
}
