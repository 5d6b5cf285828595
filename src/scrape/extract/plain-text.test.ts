import { describe, expect, it } from 'vitest';
import { plainTextDocument } from './plain-text.js';

describe('plainTextDocument', () => {
  it('normalises CRLF and CR line ends to LF and changes nothing else', () => {
    const source = 'Title\r\n\r\n  indented *not emphasis* # not heading\rlast line\n';
    expect(plainTextDocument(source)).toEqual({
      text: 'Title\n\n  indented *not emphasis* # not heading\nlast line\n',
      markdown: 'Title\n\n  indented *not emphasis* # not heading\nlast line\n',
    });
  });

  it('drops a leading byte-order mark', () => {
    expect(plainTextDocument('\uFEFFhello').text).toBe('hello');
  });
});
