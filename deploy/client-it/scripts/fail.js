// Sample JavaScript task that fails: the task ends as TaskFailed with the error's name and message.
function run() {
  throw new TypeError('this sample always fails');
}
