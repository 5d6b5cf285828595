/** Chrome stable as shipped by Debian when written; the reduced UA always ends in .0.0.0. Bump with Chrome releases. */
export const CHROME_MAJOR_VERSION = 156;

export const DEFAULT_USER_AGENT = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME_MAJOR_VERSION}.0.0.0 Safari/537.36`;

/**
 * The headers Chrome sends on a top-level navigation typed into the address
 * bar. Sites serve their normal page to these; bare library headers often get a
 * bot wall instead.
 */
export function browserNavigationHeaders(options: { userAgent: string; acceptLanguage: string; acceptEncoding: string }): Record<string, string> {
  return {
    'user-agent': options.userAgent,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
    'accept-language': options.acceptLanguage,
    'accept-encoding': options.acceptEncoding,
    'sec-ch-ua': `"Not)A;Brand";v="8", "Chromium";v="${CHROME_MAJOR_VERSION}", "Google Chrome";v="${CHROME_MAJOR_VERSION}"`,
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Windows"',
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'none',
    'sec-fetch-user': '?1',
    'upgrade-insecure-requests': '1',
  };
}
