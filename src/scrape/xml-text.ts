import { Parser } from 'htmlparser2';

export interface XmlTextDocument {
  /** Text of the first `<title>` element (RSS, Atom and most vocabularies have one). */
  title?: string;
  /** The document's text runs, one block per element that carries text, blank-line separated. */
  text: string;
}

/**
 * Reads the text of a generic XML document (a feed, a sitemap, a data file): every run of
 * character data, CDATA included, whitespace collapsed, in document order. Markup never
 * reaches the text, so it is safe to show as both `text` and `markdown`.
 */
export function xmlToText(source: string): XmlTextDocument {
  const blocks: string[] = [];
  let pending = '';
  let depthInTitle = 0;
  let titleText = '';
  let title: string | undefined;

  const flush = (): void => {
    const block = pending.replace(/\s+/g, ' ').trim();
    if (block !== '') blocks.push(block);
    pending = '';
  };

  const parser = new Parser(
    {
      onopentag(name) {
        flush();
        if (title === undefined && (depthInTitle > 0 || localName(name) === 'title')) depthInTitle++;
      },
      ontext(data) {
        pending += data;
        if (depthInTitle > 0) titleText += data;
      },
      onclosetag() {
        flush();
        if (depthInTitle > 0 && --depthInTitle === 0) {
          const candidate = titleText.replace(/\s+/g, ' ').trim();
          if (candidate !== '') title = candidate;
          titleText = '';
        }
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(source.replace(/^\uFEFF/, ''));
  parser.end();
  flush();
  return { ...(title === undefined ? {} : { title }), text: blocks.join('\n\n') };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return (colon === -1 ? name : name.slice(colon + 1)).toLowerCase();
}
