import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page.js';

const URL = 'https://docs.example.org/guide/start.html';

/** Extracts a bare document whose body is the given markup (no furniture to remove). */
function markdownOf(body: string, head = ''): string {
  return extractPage(`<html><head>${head}</head><body><main>${body}</main></body></html>`, { url: URL }).markdown;
}

function textOf(body: string): string {
  return extractPage(`<html><body><main>${body}</main></body></html>`, { url: URL }).text;
}

describe('Markdown rendering', () => {
  it('writes ATX headings and separates blocks by exactly one blank line', () => {
    const markdown = markdownOf('<h1>Guide</h1><p>Intro.</p><br><br><div></div><h2>Install</h2><p>Run it.</p><h3>Linux</h3><p>Use apt.</p>');
    expect(markdown).toBe('# Guide\n\nIntro.\n\n## Install\n\nRun it.\n\n### Linux\n\nUse apt.');
    expect(markdown).not.toMatch(/\n{3,}/);
  });

  it('renders nested and ordered lists with indentation under their item', () => {
    const markdown = markdownOf(`<ul><li>Fruit<ul><li>Apple</li><li>Pear</li></ul></li><li>Vegetables</li></ul>
      <ol start="3"><li>Third</li><li>Fourth<ol><li>Sub one</li></ol></li></ol>`);
    expect(markdown).toBe('- Fruit\n  - Apple\n  - Pear\n- Vegetables\n\n3. Third\n4. Fourth\n   1. Sub one');
  });

  it('renders data tables as GitHub pipe tables, escaping pipes in cells', () => {
    const markdown = markdownOf(`<table><thead><tr><th>Plan</th><th>Price</th></tr></thead>
      <tbody><tr><td>Basic</td><td>$5 | month</td></tr><tr><td><b>Pro</b></td><td>$20</td></tr></tbody></table>`);
    expect(markdown).toBe('| Plan | Price |\n| --- | --- |\n| Basic | $5 \\| month |\n| **Pro** | $20 |');
  });

  it('pads rows to the widest row and expands colspan', () => {
    const markdown = markdownOf('<table><tr><th>A</th><th>B</th><th>C</th></tr><tr><td colspan="2">wide</td><td>c</td></tr><tr><td>short</td></tr></table>');
    expect(markdown).toBe('| A | B | C |\n| --- | --- | --- |\n| wide |  | c |\n| short |  |  |');
  });

  it('renders layout tables as their content, not as a pipe table', () => {
    const markdown = markdownOf(
      '<table><tr><td><p>First column paragraph one.</p><p>And two.</p></td><td><ul><li>A list item in the second column</li></ul></td></tr></table>',
    );
    expect(markdown).toBe('First column paragraph one.\n\nAnd two.\n\n- A list item in the second column');
  });

  it('fences code blocks with the language named by language-, lang- or highlight- classes', () => {
    expect(markdownOf('<pre><code class="language-typescript">const a = 1;\nconst b = 2;</code></pre>')).toBe('```typescript\nconst a = 1;\nconst b = 2;\n```');
    expect(markdownOf('<pre class="lang-py">print("hi")</pre>')).toBe('```py\nprint("hi")\n```');
    expect(markdownOf('<div class="highlight-bash"><pre>ls -la</pre></div>')).toBe('```bash\nls -la\n```');
    expect(markdownOf('<pre>plain    spacing\n  kept</pre>')).toBe('```\nplain    spacing\n  kept\n```');
  });

  it('uses a longer fence when the code itself contains backticks', () => {
    expect(markdownOf('<pre><code>```\ninner\n```</code></pre>')).toBe('````\n```\ninner\n```\n````');
  });

  it('renders inline code, emphasis and strike-through, keeping spaces outside the markers', () => {
    expect(markdownOf('<p>Call <code>run()</code> then <strong> stop </strong>, <em>maybe</em>, <del>never</del>.</p>')).toBe(
      'Call `run()` then **stop** , *maybe*, ~~never~~.',
    );
  });

  it('renders block quotes, including nested blocks', () => {
    expect(markdownOf('<blockquote><p>First line.</p><p>Second <em>line</em>.</p></blockquote>')).toBe('> First line.\n>\n> Second *line*.');
  });

  it('resolves links and images against the page URL, or against <base href> when present', () => {
    expect(markdownOf('<p><a href="../api/">API</a> and <img src="img/a.png" alt="Diagram"></p>')).toBe(
      '[API](https://docs.example.org/api/) and ![Diagram](https://docs.example.org/guide/img/a.png)',
    );
    expect(markdownOf('<p><a href="page.html">Page</a></p>', '<base href="https://cdn.example.net/v2/">')).toBe('[Page](https://cdn.example.net/v2/page.html)');
  });

  it('drops empty links and links to scripts, keeping their text', () => {
    expect(markdownOf('<p>Before <a href="/x"></a><a href="/y"> </a><a href="javascript:void(0)">click</a> after</p>')).toBe('Before click after');
  });

  it('keeps a linked image as a linked image', () => {
    expect(markdownOf('<p><a href="/big.png"><img src="/small.png" alt="Chart"></a></p>')).toBe(
      '[![Chart](https://docs.example.org/small.png)](https://docs.example.org/big.png)',
    );
  });

  it('links the title of a card wrapped entirely in a link', () => {
    expect(markdownOf('<a href="/posts/1"><div><h3>Post one</h3><p>Summary of post one.</p></div></a>')).toBe(
      '### [Post one](https://docs.example.org/posts/1)\n\n[Summary of post one.](https://docs.example.org/posts/1)',
    );
  });

  it('escapes text that Markdown would read as syntax', () => {
    const markdown = markdownOf(
      '<p>Use *args and [brackets] with a_b and _under_ and &lt;div&gt;</p><p># not a heading</p><p>1. not a list</p><p>- not a bullet</p>',
    );
    expect(markdown).toBe('Use \\*args and \\[brackets\\] with a_b and \\_under\\_ and \\<div>\n\n\\# not a heading\n\n1\\. not a list\n\n\\- not a bullet');
  });

  it('leaves no HTML in the output, whatever the input contains', () => {
    const markdown = markdownOf(
      '<p>Text <span style="color:red">red</span> <font size="2">small</font> <u>under</u><br>next line</p><svg><text>vector</text></svg><iframe src="/x"></iframe>',
    );
    expect(markdown).toBe('Text red small under  \nnext line');
  });

  it('keeps the text of the same content free of Markdown syntax', () => {
    const text = textOf(`<h2>Setup</h2><p>Run <code>npm ci</code> and read <a href="/docs">the <b>docs</b></a>.</p>
      <ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>
      <pre class="language-sh">echo hi</pre><blockquote><p>Quoted.</p></blockquote><p><img src="/a.png" alt="pic"></p>`);
    expect(text).toBe('Setup\n\nRun npm ci and read the docs.\n\none\ntwo\n\nfirst\n\nk\tv\na\t1\n\necho hi\n\nQuoted.');
  });

  it('puts every heading on its own line and separates paragraphs with one blank line in text', () => {
    expect(textOf('<h3>Title</h3><p>Line one<br>line two</p>\n\n\n<p>Another   paragraph\nwith source breaks.</p>')).toBe(
      'Title\n\nLine one\nline two\n\nAnother paragraph with source breaks.',
    );
  });
});
