import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { contentSecurityPolicy } from './content-security-policy.js';

let t: TestApp;
let doc: OpenApiDocument;

interface Operation {
  readonly security?: Record<string, string[]>[];
  readonly requestBody?: { content: Record<string, { schema: unknown }> };
  readonly responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { title: string; version: string };
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
});

/** Routes operators use, or the docs UI itself: deliberately not part of the API description. */
// The dashboard's pages and assets (src/web) are not API: everything outside /api/ but the operations endpoints.
const UNDOCUMENTED = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/metrics$/,
  /^\/api\/v1\/docs(?![\w-])/,
  // The same operation as the documented `/api/v1/models/{model}`, for an id whose `/` came unescaped.
  /^\/api\/v1\/models\*$/,
  /^\/(?!api\/|healthz$|readyz$|metrics$)/,
];

/** `/api/v1/api-keys/{id}/` and `/api/v1/api-keys/:id` name the same route. */
/** A wildcard route (`/r/*`) is `/r/{*}` in the document and `/r*` in Fastify's printed tree. */
const normalise = (path: string) =>
  path
    .replace(/\{([^}]+)\}/g, ':$1')
    .replace(/\/:\*$/, '*')
    .replace(/\/+$/, '') || '/';

/**
 * Every (method, path) the running app serves, read from Fastify's own route tree: each line is
 * a path segment indented four characters per level, with its methods in parentheses.
 */
function registeredRoutes(printed: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m !== '' && m !== 'HEAD')) {
      routes.push({ method, path: normalise(path) });
    }
  }
  return routes;
}

function documentedRoutes(): Set<string> {
  const out = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) out.add(`${method.toUpperCase()} ${normalise(path)}`);
  }
  return out;
}

const refTo = (schema: unknown) => (schema as { $ref?: string } | undefined)?.$ref;
const jsonSchemaOf = (content: Record<string, { schema: unknown }> | undefined) => content?.['application/json']?.schema;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.0.3, version 1.0.0, served as JSON with ?format=json', async () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.info.title).toEqual(expect.any(String));
  });

  it('names the components of the contract', () => {
    const names = [
      'APIKeyCreate',
      'APIKeyList',
      'PaginatedAPIKeyListList',
      'APIKeyPartialUpdate',
      'PatchedAPIKeyPartialUpdate',
      'APIKeyCreatedResponse',
      'APIKeyRevealResponse',
      'TokenObtainPair',
      'TokenRefresh',
      'TokenVerify',
      'ResendActivationRequest',
    ];
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(names));
    expect(Object.keys(doc.components.schemas.PaginatedAPIKeyListList!.properties!)).toEqual(['count', 'next', 'previous', 'results']);
    expect(doc.components.schemas.ResendActivationRequest!.properties).toHaveProperty('email');
    expect(doc.components.schemas.TokenRefresh!.properties).toHaveProperty('refresh');
    expect(doc.components.schemas.APIKeyCreate!.properties).toHaveProperty('name');
    expect(doc.components.schemas.APIKeyCreate!.properties).toHaveProperty('key');
    expect(doc.components.schemas.APIKeyList!.properties).not.toHaveProperty('key');
  });

  it('has the jwtAuth and API-key security schemes', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.jwtAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const apiKey = Object.values(schemes).find((s) => s.type === 'apiKey');
    expect(apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-KEY' });
  });

  it('leaves no $ref dangling', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) {
      const name = /#\/components\/schemas\/([^"]+)"$/.exec(ref)?.[1];
      expect(name, ref).toBeDefined();
      expect(doc.components.schemas, ref).toHaveProperty(name!);
    }
  });

  it('describes every route the app serves, except operations and the docs UI', () => {
    const served = registeredRoutes(t.quarry.app.printRoutes({ commonPrefix: false }));
    // The parser must really have read the tree, or the comparison below proves nothing.
    expect(served).toEqual(
      expect.arrayContaining([
        { method: 'PATCH', path: '/api/v1/api-keys/:id' },
        { method: 'GET', path: '/healthz' },
        { method: 'POST', path: '/api/v1/auth/jwt/create' },
      ]),
    );
    const documented = documentedRoutes();
    const missing = served
      .filter((r) => !UNDOCUMENTED.some((pattern) => pattern.test(r.path)))
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    for (const hidden of ['GET /healthz', 'GET /readyz', 'GET /metrics']) expect(documented.has(hidden)).toBe(false);
  });

  it('describes only routes the app serves', () => {
    const served = new Set(registeredRoutes(t.quarry.app.printRoutes({ commonPrefix: false })).map((r) => `${r.method} ${r.path}`));
    for (const route of documentedRoutes()) expect(served.has(route), route).toBe(true);
  });

  it('documents all eight API-key operations with jwtAuth (reads also with an API key) and their named bodies', () => {
    const keys = doc.paths['/api/v1/api-keys/']!;
    const one = doc.paths['/api/v1/api-keys/{id}/']!;
    const writes = [
      keys.post,
      one.put,
      one.patch,
      one.delete,
      doc.paths['/api/v1/api-keys/{id}/reset/']?.post,
      doc.paths['/api/v1/api-keys/{id}/reveal/']?.post,
    ];
    for (const operation of writes) {
      expect(operation).toBeDefined();
      expect(operation!.security).toEqual([{ jwtAuth: [] }]);
    }
    for (const read of [keys.get, one.get]) expect(read!.security).toEqual([{ jwtAuth: [] }, { ApiKeyAuth: [] }]);
    expect(refTo(jsonSchemaOf(keys.get!.responses['200']!.content))).toBe('#/components/schemas/PaginatedAPIKeyListList');
    expect(refTo(jsonSchemaOf(keys.post!.requestBody!.content))).toBe('#/components/schemas/APIKeyCreate');
    expect(refTo(jsonSchemaOf(keys.post!.responses['201']!.content))).toBe('#/components/schemas/APIKeyCreate');
    expect(refTo(jsonSchemaOf(one.get!.responses['200']!.content))).toBe('#/components/schemas/APIKeyList');
    expect(refTo(jsonSchemaOf(one.put!.requestBody!.content))).toBe('#/components/schemas/APIKeyPartialUpdate');
    expect(refTo(jsonSchemaOf(one.patch!.requestBody!.content))).toBe('#/components/schemas/PatchedAPIKeyPartialUpdate');
    expect(Object.keys(one.delete!.responses)).toContain('204');
    expect(refTo(jsonSchemaOf(doc.paths['/api/v1/api-keys/{id}/reset/']!.post!.responses['201']!.content))).toBe('#/components/schemas/APIKeyCreatedResponse');
    expect(refTo(jsonSchemaOf(doc.paths['/api/v1/api-keys/{id}/reveal/']!.post!.responses['200']!.content))).toBe('#/components/schemas/APIKeyRevealResponse');
  });

  it('documents the auth endpoints with their named bodies and the three management media types', () => {
    const body = (path: string) => doc.paths[path]?.post?.requestBody?.content ?? {};
    expect(refTo(jsonSchemaOf(body('/api/v1/auth/jwt/create/')))).toBe('#/components/schemas/TokenObtainPair');
    expect(refTo(jsonSchemaOf(body('/api/v1/auth/jwt/refresh/')))).toBe('#/components/schemas/TokenRefresh');
    expect(refTo(jsonSchemaOf(body('/api/v1/auth/jwt/verify/')))).toBe('#/components/schemas/TokenVerify');
    expect(refTo(jsonSchemaOf(body('/api/v1/auth/resend-activation/')))).toBe('#/components/schemas/ResendActivationRequest');
    expect(doc.paths['/api/v1/auth/jwt/create/']!.post!.security ?? []).toEqual([]);
    expect(doc.paths['/api/v1/auth/logout/']!.post!.security).toEqual([{ jwtAuth: [] }]);
    expect(doc.paths['/api/v1/auth/resend-activation/']!.post!.security).toEqual(expect.arrayContaining([{ jwtAuth: [] }, {}]));
    expect(Object.keys(doc.paths['/api/v1/auth/resend-activation/']!.post!.responses)).toEqual(expect.arrayContaining(['204', '400', '403', '429']));
  });

  it('documents the credits endpoint as API-key (or token) authenticated', () => {
    const credits = doc.paths['/api/v1/account/credits/']!.get!;
    const apiKeyScheme = Object.entries(doc.components.securitySchemes).find(([, s]) => s.type === 'apiKey')![0];
    expect(credits.security).toEqual([{ [apiKeyScheme]: [] }, { jwtAuth: [] }]);
  });
});

describe('serving the document', () => {
  it('serves YAML by default', async () => {
    const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi(;|$)/);
    expect(res.body).toMatch(/^openapi: ["']?3\.0\.3["']?$/m);
    expect(res.body).toMatch(/^ {2}version: ["']?1\.0\.0["']?$/m);
    expect(res.body).toMatch(/^ {2}\/api\/v1\/api-keys\/\{id\}\/reveal\/:$/m);
    expect(res.body.trimStart().startsWith('{')).toBe(false);
    const explicit = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=yaml', headers: { accept: 'application/json' } });
    expect(explicit.body).toBe(res.body);
  });

  it('gives the same document as JSON and as YAML', async () => {
    const yaml = (await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/' })).body;
    for (const path of Object.keys(doc.paths)) expect(yaml).toContain(`  ${path}:`);
    for (const name of Object.keys(doc.components.schemas)) expect(yaml).toContain(`    ${name}:`);
  });

  it('serves an HTML documentation page at /api/v1/docs/', async () => {
    let res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const next = new URL(String(res.headers.location), 'http://localhost/api/v1/docs/');
      res = await t.quarry.app.inject({ method: 'GET', url: next.pathname + next.search });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });

  it("gives the docs page and its files the dashboard's Content-Security-Policy, which no site may frame", async () => {
    for (const url of ['/api/v1/docs/', '/api/v1/docs/static/swagger-initializer.js', '/api/v1/docs/static/swagger-ui-bundle.js', '/api/v1/docs/json']) {
      const res = await t.quarry.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const policy = String(res.headers['content-security-policy']);
      expect(policy, url).toBe(contentSecurityPolicy());
      expect(policy.split('; '), url).toContain("frame-ancestors 'none'");
      expect(policy, url).not.toMatch(/unsafe-eval|\*/);
    }
  });
});
