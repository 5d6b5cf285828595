import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { Ledger } from '../credits/index.js';
import { InvalidInputError } from '../errors.js';
import { ACCESS_COOKIE, REFRESH_COOKIE, type AuthHooks } from '../http/auth.js';
import { ErrorDetail, FieldErrors, plainJsonSerializer } from '../http/schema.js';
import type { App } from '../http/server.js';
import { describeUser } from './describe-user.js';
import { Activation, Logout, ResendActivationRequest, TokenObtainPair, TokenRefresh, TokenVerify, User, UserCreate } from './schemas.js';
import type { AccountService } from './service.js';
import { registerSessionRoute } from './session-route.js';
import type { TokenPair } from './tokens.js';

export interface AccountRouteDeps {
  readonly accounts: AccountService;
  readonly ledger: Ledger;
  readonly auth: AuthHooks;
  readonly cookieSecure: boolean;
  /** PUBLIC_URL: the origin of every link mailed. */
  readonly publicUrl: string;
  readonly accessLifetime: number;
  readonly refreshLifetime: number;
}

const tags = ['auth'];
const errors = { 400: Type.Ref(FieldErrors), 401: Type.Ref(ErrorDetail) };

export function registerAccountRoutes(app: App, deps: AccountRouteDeps): void {
  const { accounts, auth } = deps;
  const cookieBase = { httpOnly: true, sameSite: 'lax', secure: deps.cookieSecure } as const;

  function setTokenCookies(reply: FastifyReply, pair: TokenPair): void {
    reply.setCookie(ACCESS_COOKIE, pair.access, { ...cookieBase, path: '/api/v1', maxAge: deps.accessLifetime });
    reply.setCookie(REFRESH_COOKIE, pair.refresh, { ...cookieBase, path: '/api/v1/auth', maxAge: deps.refreshLifetime });
  }

  function clearTokenCookies(reply: FastifyReply): void {
    reply.clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/api/v1' });
    reply.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: '/api/v1/auth' });
  }

  app.post(
    '/api/v1/auth/users/',
    {
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: 'Register an account (inactive until activated by mail)',
        description:
          'Answers 201 `{"email": …}` whether or not the address has an account already, so registration does not tell who has one; the mailbox gets the activation mail, or a notice.',
        body: Type.Ref(UserCreate),
        response: { 201: Type.Unsafe<{ email: string }>(Type.Ref(UserCreate)), 400: Type.Ref(FieldErrors), 429: Type.Ref(ErrorDetail) },
      },
    },
    async (request, reply) => {
      const answer = await accounts.signUp({ email: request.body.email, password: request.body.password, origin: deps.publicUrl, clientAddress: request.ip });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/v1/auth/users/activation/',
    {
      schema: {
        tags,
        summary: 'Activate an account with the mailed uid and token',
        body: Type.Ref(Activation),
        response: { 204: Type.Null({ description: 'No response body' }), 400: Type.Ref(FieldErrors), 403: Type.Ref(ErrorDetail) },
      },
    },
    async (request, reply) => {
      await accounts.activate(request.body.uid, request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/auth/users/me/',
    {
      onRequest: auth.requireUserOrKey,
      schema: {
        tags,
        summary: 'The current user and credit balance',
        security: [{ jwtAuth: [] }, { ApiKeyAuth: [] }],
        response: { 200: Type.Ref(User), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => describeUser(request.user!, deps.ledger),
  );

  registerSessionRoute(app, { accounts, ledger: deps.ledger });

  app.post(
    '/api/v1/auth/jwt/create/',
    {
      serializerCompiler: plainJsonSerializer,
      schema: { tags, summary: 'Log in', body: Type.Ref(TokenObtainPair), response: { 200: Type.Ref(TokenObtainPair), ...errors, 429: Type.Ref(ErrorDetail) } },
    },
    async (request, reply) => {
      const pair = await accounts.login(request.body.email, request.body.password, request.ip);
      setTokenCookies(reply, pair);
      return { refresh: pair.refresh, access: pair.access };
    },
  );

  app.post(
    '/api/v1/auth/jwt/refresh/',
    {
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: 'Rotate the refresh token and get a new access token',
        body: Type.Ref(TokenRefresh),
        response: { 200: Type.Ref(TokenRefresh), ...errors },
      },
    },
    async (request, reply) => {
      let token = request.body.refresh;
      if (!token) {
        token = request.cookies[REFRESH_COOKIE];
        if (!token) throw InvalidInputError.field('refresh', 'This field is required.');
        auth.checkCsrf(request);
      }
      const pair = await accounts.refresh(token);
      setTokenCookies(reply, pair);
      return { access: pair.access, refresh: pair.refresh };
    },
  );

  app.post(
    '/api/v1/auth/jwt/verify/',
    { schema: { tags, summary: 'Say whether a token is valid', body: Type.Ref(TokenVerify), response: { 200: Type.Object({}), ...errors } } },
    async (request) => {
      await accounts.verify(request.body.token);
      return {};
    },
  );

  app.post(
    '/api/v1/auth/logout/',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        summary: 'Log out: blacklist the refresh token and clear the cookies',
        security: [{ jwtAuth: [] }],
        body: Type.Ref(Logout),
        response: { 204: Type.Null({ description: 'No response body' }), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request, reply) => {
      await accounts.logout(request.user!.id, request.body.refresh || request.cookies[REFRESH_COOKIE]);
      clearTokenCookies(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/jwt/logout-all/',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        summary: 'Log out everywhere: end every session of the account',
        description:
          'Every refresh and access token of the account issued until now is refused from now on (401 `token_not_valid`), on every device, this one included; the cookies are cleared. API keys are not touched. No body is needed.',
        security: [{ jwtAuth: [] }],
        response: { 204: Type.Null({ description: 'No response body' }), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request, reply) => {
      await accounts.logoutEverywhere(request.user!.id);
      clearTokenCookies(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/resend-activation/',
    {
      onRequest: auth.optionalUser,
      schema: {
        tags,
        summary: 'Send the activation mail again',
        security: [{ jwtAuth: [] }, {}],
        body: Type.Ref(ResendActivationRequest),
        response: {
          204: Type.Null({ description: 'Activation email queued' }),
          400: Type.Ref(FieldErrors),
          403: Type.Ref(ErrorDetail),
          429: Type.Ref(ErrorDetail),
        },
      },
    },
    async (request, reply) => {
      await accounts.resendActivation(request.body.email, request.ip, deps.publicUrl);
      return reply.code(204).send(null);
    },
  );
}
