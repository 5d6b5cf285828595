/**
 * Pages of the fixture site built by JavaScript although they do not arrive empty (a loading
 * placeholder in the mount point, a consent overlay in front of the page), and an ordinary
 * server-rendered page with a small script and the same overlay, for the `render: auto` tests.
 */

/** The article /js/loading-shell and /js/cookie-wall build with JavaScript, one paragraph each. */
export const JS_APP_PARAGRAPHS = [
  'Granite is quarried in large blocks that are cut with diamond wire saws before polishing.',
  'Limestone is softer and is often split along its natural bedding planes with wedges.',
  'Marble blocks are graded by colour and veining before they leave the quarry floor.',
] as const;

export const SERVER_RENDERED_TEXT = 'This article was written on the server and needs no script to be read.';

const CONSENT_TEXT =
  'We and our 214 partners use cookies and similar technologies to store and access information on your device, ' +
  'to measure the audience of our pages, to personalise content and advertising, and to develop and improve our products. ' +
  'You can accept all of them, refuse them, or choose which purposes you allow. Your choice applies to this site only ' +
  'and you can change it at any time from the privacy settings linked at the bottom of every page.';

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

/** A script that fetches /json (so the content comes late, as from an API), then writes the article into `target`, replacing what it held. */
function appScript(target: string, title: string): string {
  const article = `<h1>${title}</h1>${JS_APP_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}`;
  return `<script>
    fetch('/json').then(function (r) { return r.json(); }).then(function () {
      var article = document.createElement('article');
      article.innerHTML = ${JSON.stringify(article)};
      var target = document.querySelector(${JSON.stringify(target)});
      target.innerHTML = '';
      target.appendChild(article);
      document.title = ${JSON.stringify(title)};
    });</script>`;
}

function consentOverlay(): string {
  return (
    '<div id="cookie-consent" class="consent-overlay" role="dialog" aria-modal="true"><h2>We value your privacy</h2>' +
    `<p>${CONSENT_TEXT}</p><button>Accept all</button> <button>Reject all</button> <a href="/privacy">Manage choices</a></div>`
  );
}

export function loadingShellPage(): string {
  const root = '<div id="root"><div class="spinner" aria-hidden="true"></div><p>Loading…</p></div>';
  return page('Quarry stones', root + appScript('#root', 'Quarry stones by the app'));
}

export function cookieWallPage(): string {
  return page('Quarry stones', `${consentOverlay()}<main id="content"></main>${appScript('#content', 'Quarry stones behind the wall')}`);
}

export function serverRenderedPage(): string {
  const article = `<article><h1>Server-rendered article</h1><p>${SERVER_RENDERED_TEXT}</p><p>${JS_APP_PARAGRAPHS.join(' ')}</p></article>`;
  return page('Server-rendered article', consentOverlay() + article, '<script>document.documentElement.className = "js";</script>');
}
