import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Inline } from './blocks.js';
import { renderMarkdown } from './markdown.js';
import { renderText } from './render-text.js';

const t = (text: string): Inline => ({ type: 'text', text });
const p = (...content: Inline[]): Block => ({ type: 'paragraph', content });
const list = (ordered: boolean, ...items: Block[][]): Block => ({ type: 'list', ordered, start: 1, items });

/** Words without any character Markdown gives a meaning to, so every marker in the output was made by the renderer. */
const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));

const { blocks } = fc.letrec<{ inline: Inline; inlines: Inline[]; block: Block; blocks: Block[] }>((tie) => ({
  inline: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    phrase.map((text): Inline => ({ type: 'text', text: ` ${text} ` })),
    phrase.map((text): Inline => ({ type: 'code', text: ` ${text} ` })),
    fc.constant<Inline>({ type: 'break' }),
    fc.record({ alt: phrase, url: fc.constant('https://img.example/a.png') }).map(({ alt, url }): Inline => ({ type: 'image', url, alt })),
    fc
      .record({ kind: fc.constantFrom('strong', 'emphasis', 'strike' as const), children: tie('inlines') })
      .map(({ kind, children }) => ({ type: kind, children }) as Inline),
    tie('inlines').map((children): Inline => ({ type: 'link', url: 'https://example.org/page', children })),
  ),
  inlines: fc.array(tie('inline'), { minLength: 1, maxLength: 4 }),
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('inlines').map((content): Block => ({ type: 'paragraph', content })),
    fc.record({ level: fc.integer({ min: 1, max: 6 }), content: tie('inlines') }).map((b): Block => ({ type: 'heading', ...b })),
    fc
      .record({ language: fc.option(word, { nil: undefined }), lines: fc.array(phrase, { minLength: 1, maxLength: 3 }) })
      .map(({ language, lines }): Block => ({ type: 'code', text: lines.join('\n'), ...(language === undefined ? {} : { language }) })),
    fc
      .record({ ordered: fc.boolean(), start: fc.integer({ min: 0, max: 20 }), items: fc.array(tie('blocks'), { minLength: 1, maxLength: 3 }) })
      .map((b): Block => ({ type: 'list', ...b })),
    fc
      .record({ headerRow: fc.boolean(), rows: fc.array(fc.array(tie('inlines'), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }) })
      .map((b): Block => ({ type: 'table', ...b })),
    tie('blocks').map((inner): Block => ({ type: 'quote', blocks: inner })),
    fc.constant<Block>({ type: 'rule' }),
  ),
  blocks: fc.array(tie('block'), { minLength: 1, maxLength: 4 }),
}));

/** Every word a reader sees (image alt text and URLs are not shown in plain text). */
function visibleWords(list: readonly Block[]): string[] {
  const out: string[] = [];
  const inline = (i: Inline): void => {
    if (i.type === 'text' || i.type === 'code') out.push(...i.text.split(/\s+/).filter(Boolean));
    else if ('children' in i) i.children.forEach(inline);
  };
  const block = (b: Block): void => {
    if (b.type === 'heading' || b.type === 'paragraph') b.content.forEach(inline);
    else if (b.type === 'code') out.push(...b.text.split(/\s+/).filter(Boolean));
    else if (b.type === 'list') b.items.forEach((item) => item.forEach(block));
    else if (b.type === 'table') b.rows.forEach((row) => row.forEach((cell) => cell.forEach(inline)));
    else if (b.type === 'quote') b.blocks.forEach(block);
  };
  list.forEach(block);
  return out.sort();
}

describe('renderText', () => {
  it('never writes Markdown syntax and keeps every visible word, whatever the block tree', () => {
    fc.assert(
      fc.property(blocks, (tree) => {
        const text = renderText(tree);
        // The words hold only [a-z0-9 ]: any other character but a line end or a tab came from the renderer.
        expect(text).toMatch(/^[a-z0-9 \n\t]*$/);
        for (const line of text.split('\n')) expect(line).not.toMatch(/^\s*([-*+]|\d+[.)])\s/);
        expect(text.split(/\s+/).filter(Boolean).sort()).toEqual(visibleWords(tree));
      }),
      { numRuns: 300 },
    );
  });

  it('writes list items as lines without markers, nested items indented under their parent', () => {
    const tree = [list(false, [p(t('Wire saw'))], [p(t('Drill')), list(true, [p(t('Core bit'))], [p(t('Star bit'))])], [p(t('Wedges'))])];
    expect(renderText(tree)).toBe('Wire saw\nDrill\n  Core bit\n  Star bit\nWedges');
    expect(renderText([list(true, [p(t('First'))], [p(t('Second'))])])).toBe('First\nSecond');
  });

  it('writes a table row as one line with its cells separated by a tab', () => {
    const table: Block = {
      type: 'table',
      headerRow: true,
      rows: [
        [[t('Stone')], [t('Hardness')]],
        [[t('Granite')], [{ type: 'strong', children: [t('6–7')] }]],
        [[], [t('unknown')]],
      ],
    };
    expect(renderText([table])).toBe('Stone\tHardness\nGranite\t6–7\n\tunknown');
  });

  it('keeps code as its lines, indentation included, without a fence', () => {
    const code: Block = { type: 'code', language: 'python', text: 'def cut(block):\n    return block / 2' };
    expect(renderText([p(t('Halve it:')), code])).toBe('Halve it:\n\ndef cut(block):\n    return block / 2');
  });

  it('keeps only the text of links, emphasis, inline code and headings', () => {
    const tree: Block[] = [
      { type: 'heading', level: 2, content: [t('Quarry tools')] },
      p(
        t('Read '),
        { type: 'link', url: 'https://example.org/saws', children: [t('the saw guide')] },
        t(' for '),
        { type: 'strong', children: [t('safe')] },
        t(' and '),
        { type: 'emphasis', children: [t('quick')] },
        t(' cuts with '),
        { type: 'code', text: 'cut()' },
        t('.'),
        { type: 'image', url: 'https://example.org/saw.png', alt: 'a saw' },
      ),
      { type: 'quote', blocks: [p(t('Measure twice.'))] },
      { type: 'rule' },
      p(t('Line one'), { type: 'break' }, t('line two')),
    ];
    expect(renderText(tree)).toBe('Quarry tools\n\nRead the saw guide for safe and quick cuts with cut().\n\nMeasure twice.\n\nLine one\nline two');
  });

  it('leaves the Markdown of the same blocks GitHub-flavoured: table, fenced code with language, absolute links', () => {
    const tree: Block[] = [
      {
        type: 'table',
        headerRow: true,
        rows: [
          [[t('Stone')], [t('Hardness')]],
          [[t('Granite')], [t('6')]],
        ],
      },
      { type: 'code', language: 'python', text: 'print(1)' },
      p({ type: 'link', url: 'https://example.org/saws', children: [t('saws')] }),
      list(false, [p(t('Wire saw'))]),
    ];
    expect(renderMarkdown(tree)).toBe(
      '| Stone | Hardness |\n| --- | --- |\n| Granite | 6 |\n\n```python\nprint(1)\n```\n\n[saws](https://example.org/saws)\n\n- Wire saw',
    );
  });
});
