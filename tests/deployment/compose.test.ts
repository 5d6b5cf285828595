import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// No Docker engine runs on the CI machine, so the image is not built there: these checks read
// the files as Docker would and hold them to what docs/operations.md (Deployment) promises self-hosters.
const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface Service {
  command?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  build?: unknown;
  image?: string;
}

const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const quarries = Object.entries(services).filter(([, service]) => service.build !== undefined);

describe('compose.yaml', () => {
  it('runs two Quarry instances, PostgreSQL and Redis, each with a healthcheck', () => {
    expect(quarries.map(([name]) => name).sort()).toEqual(['quarry-1', 'quarry-2']);
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test, name).toBeDefined();
    for (const [, service] of quarries) expect(service.healthcheck!.test.join(' ')).toContain('/healthz');
  });

  it('points both instances at the shared PostgreSQL and Redis, in production mode, with secrets from .env', () => {
    for (const [name, service] of quarries) {
      const env = service.environment!;
      expect(env.NODE_ENV, name).toBe('production');
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\/quarry:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/quarry$/);
      expect(env.REDIS_URL, name).toBe('redis://redis:6379');
      expect(env.PUBLIC_URL, name).toBeDefined();
      // A secret is never written into the file: compose refuses to start without it.
      for (const secret of ['JWT_SIGNING_KEY', 'KEY_ENCRYPTION_SECRET']) expect(env[secret], `${name} ${secret}`).toMatch(/^\$\{\w+:\?.+\}$/);
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(service.depends_on?.redis?.condition).toBe('service_healthy');
    }
  });

  it('has exactly one instance run the migrations, and the other wait for it', () => {
    const migrating = quarries.filter(([, service]) => (service.command ?? []).join(' ').includes('quarry migrate'));
    expect(migrating.map(([name]) => name)).toEqual(['quarry-1']);
    expect(services['quarry-2']?.depends_on?.['quarry-1']?.condition).toBe('service_healthy');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => /^[A-Z]+\s/.test(line));
  const last = (keyword: string) => instructions.filter((line) => line.startsWith(`${keyword} `)).at(-1);

  it('is multi-stage, and the runtime stage runs as a user other than root', () => {
    expect(instructions.filter((line) => line.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(last('USER')).toBe('USER node');
  });

  it('checks /healthz, starts the service, and installs Chromium only when asked', () => {
    expect(last('HEALTHCHECK')).toContain('/healthz');
    expect(last('CMD')).toBe('CMD ["node", "bin/start.js"]');
    expect(dockerfile).toMatch(/ARG WITH_CHROMIUM=false/);
    expect(dockerfile).toMatch(/if \[ "\$WITH_CHROMIUM" = "true" \]; then[\s\S]*apt-get install[^\n]*chromium/);
  });

  it('copies everything the entry points import, and keeps .env and local data out of the image', () => {
    for (const folder of ['bin', 'src', 'web', 'config']) expect(dockerfile).toContain(`COPY ${folder} ./${folder}`);
    // The build stage compiles (npm ci runs `prepare`); the runtime gets the compiled service, no sources.
    expect(dockerfile).toContain('RUN npm ci --no-audit --no-fund');
    expect(dockerfile).toContain('COPY --from=build /app/dist ./dist');
    expect(dockerfile).toContain('COPY --from=build /app/web/dist ./web/dist');
    const runtime = instructions.slice(instructions.findLastIndex((line) => line.startsWith('FROM ')));
    expect(runtime.filter((line) => /^COPY (src|web) /.test(line))).toEqual([]);
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', 'node_modules', 'data', '.git']) expect(ignored).toContain(entry);
  });
});
