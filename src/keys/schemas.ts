import { Type } from '@sinclair/typebox';
import { Nullable, PaginatedList } from '../http/schema.js';

const id = Type.Integer({ readOnly: true, description: 'Key id (digits)' });
const name = Type.String({ minLength: 1, maxLength: 100, description: 'A label for the key' });
const secret = Type.String({ readOnly: true, description: 'The full secret, `qk_…`; send it as `X-API-KEY`.' });
const prefix = Type.String({ readOnly: true, description: 'The first characters of the secret, to tell keys apart' });
const created = Type.String({ format: 'date-time', readOnly: true });
const revealable = Type.Boolean({ readOnly: true, description: 'Created with encrypted storage, so it can be revealed' });

export const APIKeyCreate = Type.Object(
  {
    id: Type.Optional(id),
    name,
    key: Type.Optional(secret),
    prefix: Type.Optional(prefix),
    created: Type.Optional(created),
    revealable: Type.Optional(revealable),
  },
  { $id: 'APIKeyCreate', description: 'Create a key. The response carries the secret, shown in full only here, at reset and at reveal.' },
);

export const APIKeyList = Type.Object(
  {
    id,
    name,
    prefix,
    created,
    last_used: Nullable(Type.String({ format: 'date-time', readOnly: true })),
    is_active: Type.Boolean({ readOnly: true }),
    revealable,
  },
  { $id: 'APIKeyList', description: 'A key without its secret.' },
);

export const PaginatedAPIKeyListList = PaginatedList(Type.Ref(APIKeyList), 'PaginatedAPIKeyListList');

// Read-only in a rename: the answer carries the whole key (without its secret), the body changes only the name.
const readOnlyKeyFields = {
  id: Type.Optional(id),
  prefix: Type.Optional(prefix),
  created: Type.Optional(created),
  last_used: Type.Optional(Nullable(Type.String({ format: 'date-time', readOnly: true }))),
  is_active: Type.Optional(Type.Boolean({ readOnly: true })),
  revealable: Type.Optional(revealable),
};

export const APIKeyPartialUpdate = Type.Object(
  { ...readOnlyKeyFields, name },
  { $id: 'APIKeyPartialUpdate', description: 'Rename: only the name changes; the answer is the whole key, without its secret.' },
);

export const PatchedAPIKeyPartialUpdate = Type.Object({ ...readOnlyKeyFields, name: Type.Optional(name) }, { $id: 'PatchedAPIKeyPartialUpdate' });

export const APIKeyCreatedResponse = Type.Object(
  { id, name, key: secret, prefix, created, revealable },
  { $id: 'APIKeyCreatedResponse', description: 'The new key that replaced a reset one.' },
);

export const APIKeyRevealResponse = Type.Object({ id, name, key: secret, prefix }, { $id: 'APIKeyRevealResponse' });

export const KeyIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$' }) });

export const keySchemas = [
  APIKeyCreate,
  APIKeyList,
  PaginatedAPIKeyListList,
  APIKeyPartialUpdate,
  PatchedAPIKeyPartialUpdate,
  APIKeyCreatedResponse,
  APIKeyRevealResponse,
];
