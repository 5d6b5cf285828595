/**
 * The Content-Security-Policy of every HTML page Quarry serves (the dashboard, the API docs):
 * scripts, styles, fonts and requests from Quarry's own origin only, and no page may frame it
 * (`frame-ancestors 'none'`, against clickjacking). `thirdParty` names the outside sources one
 * page really needs (Paddle.js on the checkout pages), allowed for scripts, styles, requests and frames.
 */
export function contentSecurityPolicy(thirdParty: readonly string[] = []): string {
  const extra = thirdParty.map((source) => ` ${source}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    // uPlot, Paddle.js and Swagger UI position elements with inline style attributes.
    `style-src 'self' 'unsafe-inline'${extra}`,
    `connect-src 'self'${extra}`,
    `frame-src${extra === '' ? " 'none'" : extra}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
