// Sample JavaScript task: answers its parameter as its result.
// Register it with {"jsPath": "echo.js", "parameter": {"message": "hello"}}.
let parameter = {};

function setParameter(p) {
  parameter = p || {};
}

function run() {
  context.setResult({echo: parameter, messageId: context.messageId, attempt: context.attempt});
}
