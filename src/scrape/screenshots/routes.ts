import { Type } from '@sinclair/typebox';
import { notFound } from '../../http/errors.js';
import { ErrorDetail } from '../../http/schema.js';
import type { App } from '../../http/server.js';
import { SCREENSHOTS_PATH, type ScreenshotStore } from './store.js';

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg' } as const;
/** The bytes, sent as they are (Fastify serialises no Buffer). */
const IMAGE = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/**
 * `GET /api/v1/screenshots/{token}.{png|jpg}`: a scrape's screenshot, to whoever holds its URL
 * (no API key, as Firecrawl's signed URLs), until `SCREENSHOT_TTL` has passed; 404 afterwards and
 * for any token it did not hand out.
 */
export function registerScreenshotRoutes(app: App, screenshots: ScreenshotStore): void {
  app.get(
    `${SCREENSHOTS_PATH}:file`,
    {
      schema: {
        tags: ['scrape'],
        summary: "A scrape's screenshot",
        description:
          'The image a scrape with the `screenshot` format answered the URL of: PNG or JPEG, no authentication (the URL is the secret: 256 random bits), ' +
          'never cached by browsers or proxies; 404 once `SCREENSHOT_TTL` seconds have passed.',
        params: Type.Object({ file: Type.String({ maxLength: 64, description: 'The token and the extension, as in the URL the scrape answered.' }) }),
        response: {
          200: {
            description: 'The image (`image/png` or `image/jpeg`).',
            content: { 'image/png': { schema: IMAGE }, 'image/jpeg': { schema: IMAGE } },
          },
          404: Type.Ref(ErrorDetail),
        },
      },
    },
    async (request, reply) => {
      const match = /^([^.]+)\.(png|jpg)$/.exec(request.params.file);
      const image = match === null ? undefined : await screenshots.load(match[1]!, match[2]!);
      if (image === undefined) throw notFound();
      return reply
        .header('content-type', CONTENT_TYPES[image.type])
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(image.bytes);
    },
  );
}
