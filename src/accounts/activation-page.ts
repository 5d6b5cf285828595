import { Type } from '@sinclair/typebox';
import { InvalidInputError, PermissionDeniedError } from '../errors.js';
import type { App } from '../http/server.js';
import type { AccountService } from './service.js';

/**
 * `GET /activate/{uid}/{token}`, the link of the activation mail (ACTIVATION_URL's default):
 * activates the account and says so in a small HTML page. It stands in until the dashboard
 * serves `/activate/…` itself; then this file and its one registration line in src/app.ts go.
 * The page shows only fixed sentences: nothing from the request is echoed into the HTML.
 */
export function registerActivationPage(app: App, deps: { accounts: AccountService }): void {
  app.get(
    '/activate/:uid/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Activation page the activation mail links to (HTML); the API equivalent is POST /api/v1/auth/users/activation/',
        params: Type.Object({ uid: Type.String(), token: Type.String() }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const page = await outcome(() => deps.accounts.activate(request.params.uid, request.params.token));
      return reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html(page.title, page.text));
    },
  );
}

async function outcome(activate: () => Promise<void>): Promise<{ status: number; title: string; text: string }> {
  try {
    await activate();
    return { status: 200, title: 'Your account is active', text: 'You can now log in and create an API key.' };
  } catch (error) {
    // The service answers "stale" for a link whose account is active already: the link did its job.
    if (error instanceof PermissionDeniedError) return { status: 200, title: 'Your account is already active', text: 'This link was used before. You can log in.' };
    if (error instanceof InvalidInputError) {
      return { status: 400, title: 'This activation link is not valid', text: 'It may be mistyped or expired. Ask for a new one with POST /api/v1/auth/resend-activation/.' };
    }
    throw error;
  }
}

const html = (title: string, text: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Quarry</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${text}</p></body></html>\n`;
