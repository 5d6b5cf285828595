import { Type, type SchemaOptions, type TSchema, type TUnsafe } from '@sinclair/typebox';

/** A string that must be one of `values`: one `enum` keyword, so a bad value gives DRF's choice message. */
export const StringEnum = <const T extends string>(values: readonly T[], options: SchemaOptions = {}): TUnsafe<T> =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** OpenAPI 3.0's `nullable`, understood by Ajv and by the response serializer. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Unsafe<T['static'] | null>({ ...schema, nullable: true });

/** DRF's page of a list (`PageNumberPagination`), named as drf-spectacular names it: `Paginated<Item>List`. */
export const PaginatedList = <T extends TSchema>(item: T, $id: string) =>
  Type.Object(
    {
      count: Type.Integer({ examples: [123] }),
      next: Nullable(Type.String({ format: 'uri', examples: ['http://api.example.org/accounts/?page=4'] })),
      previous: Nullable(Type.String({ format: 'uri', examples: ['http://api.example.org/accounts/?page=2'] })),
      results: Type.Array(item),
    },
    { $id },
  );

export const ErrorDetail = Type.Object(
  {
    detail: Type.String(),
    hint: Type.Optional(
      Type.String({ description: 'What to do instead, where the fixed `detail` cannot say it (a login token sent where an API key is wanted).' }),
    ),
  },
  { $id: 'ErrorDetail', description: 'A DRF error: one human-readable message.' },
);

export const FieldErrors = Type.Record(Type.String(), Type.Unknown(), {
  $id: 'FieldErrors',
  description: 'DRF validation errors: each field name maps to a list of messages (nested objects for nested fields).',
});

export const ServerError = Type.Object({ error: Type.String() }, { $id: 'ServerError', description: 'An upstream, configuration or server failure.' });

export const sharedSchemas = [ErrorDetail, FieldErrors, ServerError];

/**
 * For routes whose response component also describes write-only request fields (simplejwt's
 * `TokenObtainPair`, djoser's `UserCreate`): the component documents the answer, but the
 * compiled serializer would demand the write-only fields, so these answers are plain JSON.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
