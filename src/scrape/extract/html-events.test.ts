import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { measureGrowth, repeatTo } from '../../../tests/support/growth.js';
import { parseHtmlEvents } from './html-events.js';

const fragment = fc.constantFrom(
  '<div>',
  '</div>',
  '<p>',
  '</p>',
  '<ul>',
  '<li>',
  '</li>',
  '</ul>',
  '<table>',
  '<tr>',
  '<td colspan="2">',
  '<th>',
  '</table>',
  '<tbody>',
  '<tfoot>',
  '<h2>',
  '</h2>',
  '<select><option>x',
  '<optgroup>',
  '<dd>',
  '<dt>',
  '<rt>',
  '<rp>',
  '<br>',
  '</br>',
  '<br/>',
  '<img src="/i.png" alt=\'a &amp; b\'>',
  '<svg><path d="M0"/><circle/></svg>',
  '<math><mi>x</mi></math>',
  '<title>t &lt; u</title>',
  '<script>if (a < b) {}</script>',
  '<style>p{}</style>',
  '<a href="/x?a=1&amp;b=2" HREF="dup">',
  '</a>',
  '<B>',
  '</b>',
  '<input disabled>',
  '<textarea>',
  '</span>',
  '<body>',
  '<head>',
  '<link rel=x>',
  '<!-- c -->',
  '<![CDATA[x]]>',
  '<!doctype html>',
  '&amp;',
  '&#0;',
  '&#x110000;',
  '&bogus;',
  'text',
  ' ',
  '\n',
  '<',
  '>',
  '</',
  '<p/>',
);

function parserEvents(html: string): string[] {
  const events: string[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attrs) => events.push(`open ${name} ${JSON.stringify(attrs)}`),
      onclosetag: (name) => events.push(`close ${name}`),
      ontext: (text) => events.push(`text ${text}`),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return events;
}

function linearEvents(html: string): string[] {
  const events: string[] = [];
  parseHtmlEvents(html, {
    onopentag: (name, attrs) => events.push(`open ${name} ${JSON.stringify(attrs)}`),
    onclosetag: (name) => events.push(`close ${name}`),
    ontext: (text) => events.push(`text ${text}`),
  });
  return events;
}

describe('parseHtmlEvents', () => {
  it("reports exactly htmlparser2's events", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 60 }), (parts) => {
        const html = parts.join('');
        expect(linearEvents(html)).toEqual(parserEvents(html));
      }),
      { numRuns: 500 },
    );
  });

  it.each(['<div>x', '<h2><div>y', '<table><tr><td>c', '<b><i>', '<div></span>'])(
    'parses a megabyte of unclosed elements in linear time: %s',
    (unit) => {
      let opened = 0;
      const handlers = { onopentag: () => opened++, onclosetag: () => undefined, ontext: () => undefined };
      // A quarter of a megabyte, then a megabyte: time grows about fourfold when linear, sixteenfold
      // when quadratic (htmlparser2's own Parser takes tens of seconds on these). No wall-clock budget.
      const growth = measureGrowth(
        (scale) => repeatTo(unit, 250_000 * scale),
        (html) => parseHtmlEvents(html, handlers),
      );
      expect(opened).toBeGreaterThan(50_000);
      expect(growth.ratio, JSON.stringify(growth)).toBeLessThan(10);
    },
    60_000,
  );
});
