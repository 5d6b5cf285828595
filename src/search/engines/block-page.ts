/**
 * Recognising a CAPTCHA or bot-block page served instead of results. Upstreams answer those with
 * 200, 202, 403 or 429 and an HTML body; an adapter that parsed such a page as "no results" would
 * hide the failure, so it must be reported as `blocked`.
 */
const BLOCK_MARKERS: readonly RegExp[] = [
  /captcha/i,
  /unusual traffic/i,
  /are you (a )?(human|robot)/i,
  /not a robot/i,
  /id=["']challenge-form["']/i,
  /anomaly-modal/i,
  /cf-chl-|cf_chl_|cloudflare ray id/i,
  /access denied/i,
  /bots? (detected|protection)/i,
  /request (was|has been) blocked/i,
];

export function looksLikeBlockPage(body: string): boolean {
  const head = body.slice(0, 200_000);
  return BLOCK_MARKERS.some((marker) => marker.test(head));
}

/** Whether a body is HTML (a page) rather than the JSON or XML the API documents. */
export function looksLikeHtml(body: string, contentType: string): boolean {
  if (/text\/html/i.test(contentType)) return true;
  return /^\s*(<!doctype html|<html)/i.test(body);
}
