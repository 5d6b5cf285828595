/** A `text/plain` response returned as both formats: the text is already what readers read. */
export interface PlainTextDocument {
  text: string;
  markdown: string;
}

/**
 * Passes plain text through unchanged apart from line ends (CRLF and CR become LF) and a
 * leading byte-order mark. The Markdown is the same text: escaping it would change what a
 * reader of either format sees.
 */
export function plainTextDocument(source: string): PlainTextDocument {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return { text, markdown: text };
}
