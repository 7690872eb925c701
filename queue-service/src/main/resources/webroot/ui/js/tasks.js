// Actions on one task: release, forced stop, remove. Each asks first, then shows what happened.

import * as api from './api.js';
import {h} from './dom.js';
import {act, confirmDialog, showStatus} from './ui.js';

const REENTRY = {
  name: 'reentry',
  label: 'Re-entry',
  hint: 'Put the message back at the head of its queue, with the same id and parameter.',
};
/** "Stop the queue": for the parallel queue, that stops every task of the tenant, which it says. */
function stopChoice(task) {
  return {
    name: 'stop',
    label: 'Stop the queue',
    hint: task.queue === 'parallel'
      ? 'Deactivate the parallel queue: no task of this tenant in it is selected any more until it '
        + 'is activated again, not only this one.'
      : `Deactivate the serial queue ${task.queueId}.`,
  };
}

/** "Release…": end notification of a running task (its release() is called). */
export function releaseButton(task, after) {
  const button = taskButton(task, 'release', 'Release…', `Release task ${task.messageId}`);
  button.addEventListener('click', async () => {
    const options = await confirmDialog({
      title: `Release task ${task.messageId}?`,
      message: 'Ordo calls the task\'s release() and no longer manages it, even if its run goes on.',
      confirmLabel: 'Release',
      choices: [REENTRY, stopChoice(task)],
    });
    if (!options) return;
    await act(button, `Releasing task ${task.messageId}`, async () => {
      const info = await api.post(`/tasks/${api.seg(task.messageId)}/release`, options);
      showStatus(`Task ${task.messageId} released${options.reentry ? ' with re-entry' : ''}`
        + ` (now ${info.state}).`);
      await after();
    });
  });
  return button;
}

/** "Force stop…": kills the thread running the task; the seed discourages it, so it warns. */
export function stopButton(task, after) {
  const button = taskButton(task, 'stop', 'Force stop…', `Force stop task ${task.messageId}`,
    'button-danger-quiet');
  button.addEventListener('click', async () => {
    const options = await confirmDialog({
      title: `Force stop task ${task.messageId}?`,
      message: [
        h('strong', {}, 'Forced stop is discouraged. '),
        'It stops the thread running the task without letting the task finish its work; '
        + 'resources it holds may be left in a broken state. Prefer Release, which asks the task '
        + 'to stop.',
      ],
      confirmLabel: 'Force stop',
      danger: true,
      choices: [REENTRY, stopChoice(task)],
    });
    if (!options) return;
    await act(button, `Stopping task ${task.messageId}`, async () => {
      const info = await api.post(`/tasks/${api.seg(task.messageId)}/stop`, options);
      showStatus(`Task ${task.messageId} stopped${options.reentry ? ' with re-entry' : ''}`
        + ` (now ${info.state}).`);
      await after();
    });
  });
  return button;
}

/** "Remove…": removes a waiting message from its queue. */
export function removeButton(task, after) {
  const button = taskButton(task, 'remove', 'Remove…', `Remove task ${task.messageId}`,
    'button-danger-quiet');
  button.addEventListener('click', async () => {
    const ok = await confirmDialog({
      title: `Remove task ${task.messageId}?`,
      message: 'The waiting message leaves its queue and will not run.',
      confirmLabel: 'Remove task',
      danger: true,
    });
    if (!ok) return;
    await act(button, `Removing task ${task.messageId}`, async () => {
      await api.del(`/tasks/${api.seg(task.messageId)}`);
      showStatus(`Task ${task.messageId} removed.`);
      await after();
    });
  });
  return button;
}

function taskButton(task, action, text, label, extraClass = '') {
  return h('button', {
    type: 'button',
    class: `button-small ${extraClass}`.trim(),
    dataset: {focusKey: `${action}:${task.messageId}`},
    'aria-label': label,
  }, text);
}

/** The buttons that fit a task's state. */
export function taskActions(task, after) {
  if (task.state === 'RUNNING') return [releaseButton(task, after), stopButton(task, after)];
  if (task.state === 'WAITING') return [removeButton(task, after)];
  return [];
}
