import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createErrorAnswer, type ErrorAnswer } from './error-answer.js';
import { type ApiError, detail, notFound, serverFailure, type ErrorMapper } from './errors.js';
import { RouteTable } from './method-guard.js';
import { readMultipart } from './multipart.js';
import { isValidHost } from './host.js';
import { LINGER_LIMITS, lingerBeforeClosing } from './lingering-close.js';
import { requestLoggerFactory } from './request-logger.js';
import { lazySchemaCompilers } from './lazy-schemas.js';

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL without a trailing slash: every absolute link the API gives is built from it, never from `Host`. */
    publicUrl: string;
    /** Compiles every route's validators and serializers now, which otherwise wait for each route's first request; returns how many. */
    compileSchemas(): number;
    /** Quarry's HTTP answer to an error (domain errors through every feature's mapper), logged once. */
    errorAnswer: ErrorAnswer;
    /** Lets one feature (the dashboard) answer paths no route has, before the JSON 404; see `NotFoundPage`. */
    setNotFoundPage(page: NotFoundPage): void;
  }
}

/**
 * A page for a request no route matched (and no other method would have): it answers, or returns
 * undefined to leave the request to the JSON 404. The HTTP layer knows no page; the dashboard
 * decides which requests are a person's browser.
 */
export type NotFoundPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

export interface HttpServerOptions {
  readonly logger: FastifyBaseLogger;
  readonly bodyLimit: number;
  readonly publicUrl: string;
  /**
   * Path prefixes whose endpoints read multipart/form-data (the contract's management endpoints);
   * everywhere else a multipart body is a 415, refused before a byte of it is read.
   */
  readonly multipartPrefixes: readonly string[];
  readonly trustProxy: boolean;
  /** Domain-error translators, asked in order before an error counts as a server failure. */
  readonly errorMappers: readonly ErrorMapper[];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The HTTP server with everything every route shares: body parsing (JSON, form, multipart where
 * allowed) within one size limit,
 * DRF-shaped errors for bad input, 404/405, request ids and the one place errors become answers.
 */
export async function createHttpServer(options: HttpServerOptions): Promise<App> {
  const compilers = lazySchemaCompilers();
  const app = Fastify({
    loggerInstance: options.logger,
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: options.bodyLimit,
    trustProxy: options.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Each route's validators and serializers are generated on its first request, not at start.
    schemaController: { compilersFactory: compilers },
    ajv: {
      customOptions: { allErrors: true, verbose: true, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false },
    },
    return503OnClosing: true,
    // The router refuses some URLs before any hook runs (bad percent-encoding, a path parameter
    // over maxParamLength); without this they would get Fastify's own body instead of DRF's 404.
    frameworkErrors: (error, _request, reply) => {
      reply.header('x-request-id', reply.request.id);
      const known = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void sendApiError(reply, known ? notFound() : serverFailure());
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('publicUrl', options.publicUrl);
  app.decorate('compileSchemas', () => compilers.compileAll());
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: options.bodyLimit });
  registerJsonParser(app);
  registerMultipartParser(app, options);

  const routes = new RouteTable();
  app.addHook('onRoute', (route) => {
    routes.add(route.url, Array.isArray(route.method) ? route.method : [route.method]);
  });
  // These three run on every request and never wait, so they take Fastify's `done` callback
  // instead of being async: an async hook costs a promise and a microtask turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Django's ALLOWED_HOSTS check, reduced to syntax: a Host that is not a host is a 400, not a 500 later on.
    done(isValidHost(request.headers.host) ? undefined : detail(400, 'Invalid Host header.'));
  });
  // An answer sent before the body was read (415, 413, 401, 404…) closes the connection: otherwise
  // Node would keep reading and discarding the rest of the body to reuse the connection, and an
  // endless chunked body would hold the socket and the bandwidth for as long as the sender likes.
  // The close lingers, within bounds, so that a sender still writing gets to read the answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) {
      reply.header('connection', 'close');
      lingerBeforeClosing(request.raw, LINGER_LIMITS);
    }
    done(null, payload);
  });
  // DRF reads a missing body as `{}`, so required-field errors come out instead of a type error.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) request.body = {};
    done();
  });

  let notFoundPage: NotFoundPage = () => undefined;
  app.decorate('setNotFoundPage', (page: NotFoundPage) => {
    notFoundPage = page;
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.allowedAt(path);
    if (allowed.length > 0) {
      const error = detail(405, `Method "${request.method.toUpperCase()}" not allowed.`, { allow: allowed.join(', ') });
      return sendApiError(reply, error);
    }
    return notFoundPage(request, reply) ?? sendApiError(reply, notFound());
  });

  const errorAnswer = createErrorAnswer(options.errorMappers);
  // Each surface with its own wire shape renders the same answers in an encapsulated scope.
  app.decorate('errorAnswer', errorAnswer);
  app.setErrorHandler(async (error, request, reply) => sendApiError(reply, errorAnswer(error, request)));

  return app;
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // Sent as a string so a route's response schema never trims an error body.
  return reply.code(error.status).type('application/json; charset=utf-8').send(JSON.stringify(error.body));
}

function registerJsonParser(app: App): void {
  // Only JSON, forms and multipart are bodies here; anything else is DRF's 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      // A reviver makes JSON.parse call back for every value; it is needed only when the text
      // could spell `__proto__`, literally or through a \u escape.
      const mayHidePrototype = text.includes('__proto__') || text.includes('\\u');
      done(null, mayHidePrototype ? JSON.parse(text, refusePrototypeKeys) : JSON.parse(text));
    } catch (error) {
      done(detail(400, `JSON parse error - ${(error as Error).message}`), undefined);
    }
  });
}

function registerMultipartParser(app: App, options: HttpServerOptions): void {
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    // An unknown path answers 404 without the body being read (and the connection closes, see onSend).
    if (request.is404) return done(null, undefined);
    const route = request.routeOptions.url ?? '';
    if (!options.multipartPrefixes.some((prefix) => route.startsWith(prefix))) {
      return done(detail(415, `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`), undefined);
    }
    readMultipart(payload, request.headers, options.bodyLimit).then(
      (body) => {
        // Field names only: values may be passwords.
        request.log.trace({ fields: Object.keys(body) }, 'multipart body read');
        done(null, body);
      },
      (error: unknown) => done(error as Error, undefined),
    );
  });
}

/** A body must not be able to smuggle `__proto__` into objects that later get merged. */
function refusePrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError(`Object contains forbidden key "${key}"`);
  return value;
}
