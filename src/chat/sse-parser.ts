/** One dispatched Server-Sent Event. `event` is absent for the default `message` type. */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Parses an SSE byte stream (WHATWG event-stream rules) as it arrives: lines end in
 * LF, CRLF or CR; `:` lines are comments (gateways send them as keep-alives); `data:`
 * lines accumulate and a blank line dispatches. A final event without its blank line is
 * dropped, as the standard says, because it may be cut off.
 */
export async function* parseSse(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  let eventType: string | undefined;
  let pendingCr = false;

  for await (const chunk of chunks) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    // A CR at the end of the previous chunk may be the first half of a CRLF.
    if (pendingCr && buffer.startsWith('\n')) buffer = buffer.slice(1);
    pendingCr = false;

    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const ch = buffer.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      const line = buffer.slice(start, i);
      if (ch === 13) {
        if (i + 1 === buffer.length) pendingCr = true;
        else if (buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;

      if (line.length === 0) {
        if (data.length > 0) {
          yield eventType === undefined ? { data: data.join('\n') } : { event: eventType, data: data.join('\n') };
        }
        data = [];
        eventType = undefined;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') data.push(value);
      else if (field === 'event') eventType = value;
      // `id` and `retry` only matter for EventSource reconnection, which we never do.
    }
    buffer = buffer.slice(start);
  }
}
