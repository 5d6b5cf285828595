import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

const comment = (text: string): string => `<li class="comment"><p>${text}</p></li>`;
const REMARKS = [
  'Very useful perspective, as a first-time founder these ideas are timely and they made me rethink our plan for the spring.',
  'Less is more. This is a philosophy that governs my daily life as well as the way I have always run my own small company.',
  'I would add that you should think of the business the way a team thinks of its sprints, one short iteration at a time.',
];

describe("extractPage on readers' comments off articles", () => {
  it('drops comments holding more prose than the post they remark on, on a page of unknown kind', () => {
    const comments = `<div class="comments"><h4>3 comments:</h4><ol>${REMARKS.map(comment).join('')}</ol></div>`;
    const { text } = extractPage(pageWithChrome(`<div class="post"><p>${prose('lean startups', 3)}</p></div>${comments}`), { url: PAGE_URL });
    expect(text).toContain('The story of lean startups begins');
    expect(text).not.toContain('Less is more');
  });

  it('keeps comments that are most of the page by far: a thread whose posts are named comments', () => {
    const thread = [...REMARKS, ...REMARKS.map((remark) => `Replying to the above: ${remark}`)].map(comment).join('');
    const { text } = extractPage(pageWithChrome(`<p>Which method worked for you?</p><ol class="comments">${thread}</ol>`), { url: PAGE_URL });
    expect(text).toContain('Less is more');
    expect(text).toContain('Replying to the above');
  });

  it("keeps a code block's comments, whatever its highlighter names their spans", () => {
    const head = '<title>Git</title><meta property="og:type" content="article">';
    const code =
      '<pre><code class="language-bash"><span class="hljs-comment"># initialize the repository</span>\ngit init\n<span class="token comment"># stage every file</span>\ngit add .</code></pre>';
    const { text } = extractPage(pageWithChrome(`<article><p>${prose('version control', 4)}</p>${code}<p>${prose('branches', 3)}</p></article>`, head), {
      url: PAGE_URL,
    });
    expect(text).toContain('# initialize the repository');
    expect(text).toContain('# stage every file');
  });
});
