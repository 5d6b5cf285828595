import { Type } from '@sinclair/typebox';
import { InvalidInputError } from '../errors.js';
import type { AuthHooks } from '../http/auth.js';
import { ApiError } from '../http/errors.js';
import { paginate } from '../http/pagination.js';
import { ErrorDetail, FieldErrors } from '../http/schema.js';
import type { App } from '../http/server.js';
import {
  APIKeyCreate,
  APIKeyCreatedResponse,
  APIKeyList,
  APIKeyPartialUpdate,
  APIKeyRevealResponse,
  KeyIdParams,
  PaginatedAPIKeyListList,
  PatchedAPIKeyPartialUpdate,
} from './schemas.js';
import { KeyNotRevealableError, type KeyService } from './service.js';

export interface KeyRouteDeps {
  readonly keys: KeyService;
  readonly auth: AuthHooks;
  readonly pageSize: number;
}

const tags = ['api-keys'];
const security = [{ jwtAuth: [] }];
const notFound = { 404: Type.Ref(ErrorDetail), 401: Type.Ref(ErrorDetail) };

/** DRF's CharField trims before checking blankness: a name of spaces is blank, not an empty label. */
function keyName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw InvalidInputError.field('name', 'This field may not be blank.');
  return name;
}

export const keyErrorMapper = (error: unknown) => (error instanceof KeyNotRevealableError ? new ApiError(400, { detail: error.message }) : undefined);

export function registerKeyRoutes(app: App, deps: KeyRouteDeps): void {
  const { keys } = deps;
  const onRequest = deps.auth.requireUser;
  // Listing and reading keys (never their secrets) is allowed with an API key; creating, renaming,
  // revoking, resetting and revealing need a login, so a leaked key cannot mint or reveal others.
  const readable = { onRequest: deps.auth.requireUserOrKey, security: [...security, { ApiKeyAuth: [] }] };
  const keyId = (params: { id: string }) => Number(params.id);

  app.get(
    '/api/v1/api-keys/',
    {
      onRequest: readable.onRequest,
      schema: {
        tags,
        security: readable.security,
        summary: 'List your active keys',
        querystring: Type.Object({
          page: Type.Optional(
            Type.Union([Type.String({ description: 'A page number, or `last`' }), Type.Array(Type.String(), { description: 'Repeated: the last one counts' })]),
          ),
        }),
        response: { 200: Type.Ref(PaginatedAPIKeyListList), ...notFound },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const page = await paginate(
        request,
        deps.pageSize,
        () => keys.count(userId),
        async (offset, limit) => (await keys.list(userId, offset, limit)).results,
      );
      return page;
    },
  );

  app.post(
    '/api/v1/api-keys/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a key (the secret is in the response)',
        body: Type.Ref(APIKeyCreate),
        response: { 201: Type.Ref(APIKeyCreate), 400: Type.Ref(FieldErrors), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.create(request.user!.id, keyName(request.body.name))),
  );

  app.get(
    '/api/v1/api-keys/:id/',
    {
      onRequest: readable.onRequest,
      schema: {
        tags,
        security: readable.security,
        summary: 'One key, without its secret',
        params: KeyIdParams,
        response: { 200: Type.Ref(APIKeyList), ...notFound },
      },
    },
    async (request) => keys.get(request.user!.id, keyId(request.params)),
  );

  app.put(
    '/api/v1/api-keys/:id/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Rename a key',
        params: KeyIdParams,
        body: Type.Ref(APIKeyPartialUpdate),
        response: { 200: Type.Ref(APIKeyPartialUpdate), 400: Type.Ref(FieldErrors), ...notFound },
      },
    },
    async (request) => keys.rename(request.user!.id, keyId(request.params), keyName(request.body.name)),
  );

  app.patch(
    '/api/v1/api-keys/:id/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Rename a key',
        params: KeyIdParams,
        body: Type.Ref(PatchedAPIKeyPartialUpdate),
        response: { 200: Type.Ref(APIKeyPartialUpdate), 400: Type.Ref(FieldErrors), ...notFound },
      },
    },
    async (request) => {
      const { name } = request.body;
      if (name === undefined) return keys.get(request.user!.id, keyId(request.params));
      return keys.rename(request.user!.id, keyId(request.params), keyName(name));
    },
  );

  app.delete(
    '/api/v1/api-keys/:id/',
    {
      onRequest,
      schema: { tags, security, summary: 'Revoke a key', params: KeyIdParams, response: { 204: Type.Null({ description: 'No response body' }), ...notFound } },
    },
    async (request, reply) => {
      await keys.revoke(request.user!.id, keyId(request.params));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/api-keys/:id/reset/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Revoke a key and issue a new one with the same name',
        params: KeyIdParams,
        body: Type.Partial(Type.Ref(APIKeyList)),
        response: { 201: Type.Ref(APIKeyCreatedResponse), ...notFound },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.reset(request.user!.id, keyId(request.params))),
  );

  app.post(
    '/api/v1/api-keys/:id/reveal/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Show the full secret of a key created with encrypted storage',
        params: KeyIdParams,
        body: Type.Partial(Type.Ref(APIKeyList)),
        response: { 200: Type.Ref(APIKeyRevealResponse), 400: Type.Ref(ErrorDetail), ...notFound },
      },
    },
    async (request) => keys.reveal(request.user!.id, keyId(request.params)),
  );
}
