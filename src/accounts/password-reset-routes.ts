import { Type } from '@sinclair/typebox';
import { ownOrigin } from '../http/auth.js';
import { ErrorDetail, FieldErrors } from '../http/schema.js';
import type { App } from '../http/server.js';
import type { PasswordReset } from './password-reset.js';

export const PasswordResetRequest = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254, description: 'Email address of the account' }) },
  { $id: 'PasswordResetRequest', description: 'Ask for a password-reset link by mail (djoser `reset_password`).' },
);

export const PasswordResetConfirm = Type.Object(
  {
    uid: Type.String({ minLength: 1, maxLength: 64 }),
    token: Type.String({ minLength: 1, maxLength: 128 }),
    new_password: Type.String({ minLength: 1, maxLength: 128, writeOnly: true }),
  },
  { $id: 'PasswordResetConfirm', description: 'Set a new password with the mailed uid and token (djoser `reset_password_confirm`). A token works once.' },
);

export const passwordResetSchemas = [PasswordResetRequest, PasswordResetConfirm];

export function registerPasswordResetRoutes(app: App, deps: { reset: PasswordReset; publicUrl: string | undefined }): void {
  const tags = ['auth'];
  app.post(
    '/api/v1/auth/users/reset_password/',
    {
      schema: {
        tags,
        summary: 'Mail a password-reset link (always 204, whether or not the email has an account)',
        body: Type.Ref(PasswordResetRequest),
        response: { 204: Type.Null({ description: 'No response body' }), 400: Type.Ref(FieldErrors), 429: Type.Ref(ErrorDetail) },
      },
    },
    async (request, reply) => {
      await deps.reset.request(request.body.email, request.ip, deps.publicUrl ?? ownOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/users/reset_password_confirm/',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed uid and token',
        body: Type.Ref(PasswordResetConfirm),
        response: { 204: Type.Null({ description: 'No response body' }), 400: Type.Ref(FieldErrors) },
      },
    },
    async (request, reply) => {
      await deps.reset.confirm(request.body.uid, request.body.token, request.body.new_password);
      return reply.code(204).send(null);
    },
  );
}
