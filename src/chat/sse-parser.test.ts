import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse, type SseEvent } from './sse-parser.js';

async function parse(chunks: Array<string | Uint8Array>): Promise<SseEvent[]> {
  async function* source() {
    yield* chunks;
  }
  const events: SseEvent[] = [];
  for await (const event of parseSse(source())) events.push(event);
  return events;
}

describe('parseSse', () => {
  it('dispatches data events on blank lines', async () => {
    expect(await parse(['data: {"a":1}\n\ndata: [DONE]\n\n'])).toEqual([{ data: '{"a":1}' }, { data: '[DONE]' }]);
  });

  it('accepts CRLF and CR line endings', async () => {
    expect(await parse(['data: one\r\n\r\ndata: two\r\rdata: three\n\n'])).toEqual([{ data: 'one' }, { data: 'two' }, { data: 'three' }]);
  });

  it('skips comments, as gateways send for keep-alive', async () => {
    expect(await parse([': OPENROUTER PROCESSING\n\n', 'data: x\n\n'])).toEqual([{ data: 'x' }]);
  });

  it('joins multi-line data with newlines and keeps the event type', async () => {
    expect(await parse(['event: error\ndata: a\ndata:b\n\n'])).toEqual([{ event: 'error', data: 'a\nb' }]);
  });

  it('drops an unterminated last event, which may be cut off', async () => {
    expect(await parse(['data: whole\n\ndata: {"cut'])).toEqual([{ data: 'whole' }]);
  });

  it('decodes multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: 日本🚀\n\n');
    expect(await parse([bytes.slice(0, 8), bytes.slice(8, 11), bytes.slice(11)])).toEqual([{ data: '日本🚀' }]);
  });

  it('gives the same events however the stream is split', async () => {
    const wire = 'data: {"x":"a"}\r\n\r\n: c\n\ndata: b\rdata: c\r\r\ndata: [DONE]\n\n';
    const whole = await parse([wire]);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: wire.length - 1 }), { maxLength: 8 }), async (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), wire.length];
        const pieces = points.slice(1).map((end, i) => wire.slice(points[i], end));
        expect(await parse(pieces)).toEqual(whole);
      }),
    );
  });
});
