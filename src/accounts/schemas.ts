import { Type } from '@sinclair/typebox';

const EmailInput = Type.String({ minLength: 1, maxLength: 254, description: 'Email address' });

export const UserCreate = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 128, writeOnly: true }),
  },
  {
    $id: 'UserCreate',
    description:
      'Registration (djoser). The new account is inactive until activated. The answer carries the email only, the same for a new and a taken address.',
  },
);

export const Activation = Type.Object(
  { uid: Type.String({ minLength: 1, maxLength: 64 }), token: Type.String({ minLength: 1, maxLength: 128 }) },
  { $id: 'Activation' },
);

export const User = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    is_active: Type.Boolean(),
    date_joined: Type.String({ format: 'date-time' }),
    credits_remaining: Type.Integer(),
  },
  { $id: 'User' },
);

export const TokenObtainPair = Type.Object(
  {
    email: EmailInput,
    password: Type.String({ minLength: 1, maxLength: 4096, writeOnly: true }),
    access: Type.Optional(Type.String({ readOnly: true })),
    refresh: Type.Optional(Type.String({ readOnly: true })),
  },
  { $id: 'TokenObtainPair', description: 'Login: credentials in, a refresh and an access token out (also set as HttpOnly cookies).' },
);

export const TokenRefresh = Type.Object(
  {
    refresh: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'The refresh token; may instead come in the `refresh` cookie.' })),
    access: Type.Optional(Type.String({ readOnly: true })),
  },
  { $id: 'TokenRefresh', description: 'Rotation: the old refresh token is blacklisted and a new pair is returned.' },
);

export const TokenVerify = Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096, writeOnly: true }) }, { $id: 'TokenVerify' });

export const ResendActivationRequest = Type.Object({ email: EmailInput }, { $id: 'ResendActivationRequest' });

export const Logout = Type.Object(
  { refresh: Type.Optional(Type.String({ maxLength: 4096, description: 'Refresh token to blacklist; defaults to the `refresh` cookie.' })) },
  { $id: 'Logout' },
);

export const accountSchemas = [UserCreate, Activation, User, TokenObtainPair, TokenRefresh, TokenVerify, ResendActivationRequest, Logout];
