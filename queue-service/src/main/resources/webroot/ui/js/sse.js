// Server-Sent Events over fetch. EventSource cannot send an Authorization header, so the stream
// is read with a ReadableStream reader and parsed here (the text/event-stream format of the HTML
// standard: lines of `field: value`, a blank line ends a message, `:` starts a comment).

import {BASE, answer, headers} from './api.js';

/**
 * Reads `path` (below /api/v1) until the server ends it or `signal` aborts.
 *
 * @param onMessage called with {id, event, data} for every message
 * @param lastEventId sent as Last-Event-ID, so a reconnection resumes after it
 * @return a promise that settles when the stream ends (rejects with the ApiError or network error)
 */
export async function readEvents(path, {onMessage, lastEventId, signal}) {
  const extra = {Accept: 'text/event-stream'};
  if (lastEventId) extra['Last-Event-ID'] = String(lastEventId);
  const response = await fetch(BASE + path, {headers: headers(extra), signal, cache: 'no-store'});
  if (!response.ok) await answer(response); // throws the problem
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new EventParser(onMessage);
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    parser.push(value);
  }
}

class EventParser {
  constructor(onMessage) {
    this.onMessage = onMessage;
    this.buffer = '';
    this.reset();
  }

  reset() {
    this.id = null;
    this.event = 'message';
    this.data = [];
  }

  push(text) {
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop(); // an unfinished line waits for the next chunk
    for (const line of lines) this.line(line);
  }

  line(line) {
    if (line === '') {
      if (this.data.length) {
        this.onMessage({id: this.id, event: this.event, data: this.data.join('\n')});
      }
      this.reset();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') this.id = value;
  }
}
