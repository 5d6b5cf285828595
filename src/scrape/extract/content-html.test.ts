import { describe, expect, it } from 'vitest';
import { mainContentHtml, wholePageMarkdown } from './content-html.js';

const PAGE = `<!doctype html><html><head><title>Harbour</title><script>track()</script></head><body>
<nav><a href="/">Home</a> <a href="/weather">Weather report</a></nav>
<main><h1>Harbour &amp; ferries</h1><p class="lead" data-note='say "hi"'>The ferries left at dawn &lt;as always&gt;, and the harbour emptied before the first light came over the hills.</p>
<img src="/boat.jpg" alt="A boat"><p>The second paragraph of the story tells where the ferries went and when they came back to the harbour.</p></main>
<footer>© The Harbour Gazette</footer></body></html>`;

describe('mainContentHtml', () => {
  it('writes the main content back as HTML, escaped, without the page around it', () => {
    const html = mainContentHtml(PAGE, 'https://example.com/story');
    expect(html).toBe(
      '<main><h1>Harbour &amp; ferries</h1><p class="lead" data-note="say &quot;hi&quot;">The ferries left at dawn &lt;as always&gt;, and the harbour emptied before the first light came over the hills.</p>\n' +
        '<img src="/boat.jpg" alt="A boat"><p>The second paragraph of the story tells where the ferries went and when they came back to the harbour.</p></main>',
    );
  });
});

describe('wholePageMarkdown', () => {
  it('renders the whole body, navigation and footer included, without scripts', () => {
    const markdown = wholePageMarkdown(PAGE, 'https://example.com/story');
    expect(markdown).toContain('[Weather report](https://example.com/weather)');
    expect(markdown).toContain('# Harbour & ferries');
    expect(markdown).toContain('![A boat](https://example.com/boat.jpg)');
    expect(markdown).toContain('© The Harbour Gazette');
    expect(markdown).not.toContain('track()');
    expect(markdown).not.toContain('Harbour\n\n[Home]');
  });
});
