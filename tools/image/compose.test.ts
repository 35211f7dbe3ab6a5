// The compose files, checked without Docker in every `npm test` (tools/compose/test-compose.ts
// runs them for real): against the Compose Specification's JSON schema, and by giving the app's
// configuration exactly the environment each app service gets from the files and the image.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../apps/server/src/config.js';
import {
  imageEnvironment,
  interpolate,
  readCompose,
  referencedVariables,
  resolvedService,
  serviceEnvironment,
  type ComposeFile,
} from './compose-env.js';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');
const COMPOSE = join(ROOT, 'compose.yaml');
const SCALE = join(ROOT, 'compose.scale.yaml');
const FILES = [COMPOSE, SCALE];

const vapid = webpush.generateVAPIDKeys();

/** What an operator might set: valid values of the right shape for every variable. */
const SAMPLES: Record<string, string> = {
  APP_VERSION: '1.2.3',
  APP_PORT: '8080',
  PUBLIC_URL: 'https://desires.example.org',
  LOG_LEVEL: 'warn',
  POSTGRES_PASSWORD: 'a-long-database-password',
  JWT_SECRET: 'x'.repeat(48),
  ANON_KEY: 'anon-key-0123456789abcdef',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:admin@example.org',
  SITE_ADDRESS: 'desires.example.org',
  HTTP_PORT: '8080',
  HTTPS_PORT: '8443',
};

type Service = ComposeFile['services'][string];

/** The services that run the app (built from the repository's Dockerfile), as Compose has them. */
async function appServices(path: string): Promise<[string, Service][]> {
  const file = (await readCompose(path)) as ComposeFile;
  const services = await Promise.all(
    Object.entries(file.services).map(
      async ([name, service]) => [name, await resolvedService(path, service)] as [string, Service],
    ),
  );
  return services.filter(([, service]) => service.build !== undefined && !service.profiles);
}

/** Names the configuration does not know (a misspelt or stale variable). */
function unknownVariables(env: Record<string, string>): string[] {
  return Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name));
}

describe('compose.yaml and compose.scale.yaml', () => {
  it('follows the Compose Specification schema', async () => {
    const schema = JSON.parse(
      await readFile(join(import.meta.dirname, 'compose-spec.json'), 'utf8'),
    );
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    // The schema names draft-07 by its https address; ajv knows the meta-schema by the http one.
    const draft7 = require('ajv/dist/refs/json-schema-draft-07.json') as Record<string, unknown>;
    ajv.addMetaSchema({ ...draft7, $id: schema.$schema }, schema.$schema);
    const validate = ajv.compile(schema);
    for (const path of FILES) {
      expect(validate(await readCompose(path)), JSON.stringify(validate.errors, null, 1)).toBe(
        true,
      );
    }
    const file = await readCompose(COMPOSE);
    // The schema refuses what Compose would refuse, e.g. an unknown key in a service.
    const broken = structuredClone(file) as ComposeFile;
    (broken.services.app as Record<string, unknown>).restart_policy = 'always';
    expect(validate(broken)).toBe(false);
  });

  it('runs one instance, or with compose.scale.yaml two behind a proxy and not the one', async () => {
    expect((await appServices(COMPOSE)).map(([name]) => name)).toEqual(['app']);
    const scale = await appServices(SCALE);
    expect(scale.map(([name]) => name)).toEqual(['app-1', 'app-2']);
    const file = (await readCompose(SCALE)) as ComposeFile;
    expect(file.services.app).toEqual({ profiles: ['single'] });
    for (const [name, service] of scale) {
      expect(service.ports, `${name} is reached through Caddy only`).toEqual([]);
      expect(service.image, name).toBe('couple-desires:${APP_VERSION:-local}');
    }
    for (const [name, service] of Object.entries(file.services)) {
      if (service.image && !service.build && !service.extends)
        expect(service.image, name).toMatch(/:\d+\.\d+(\.\d+)?-alpine$/);
    }
  });

  it('refuses the scale setup without POSTGRES_PASSWORD, naming it', async () => {
    const [, app] = (await appServices(SCALE))[0]!;
    const others: Record<string, string> = { ...SAMPLES };
    delete others.POSTGRES_PASSWORD;
    expect(() => serviceEnvironment(app, others)).toThrow(/POSTGRES_PASSWORD/);
    const [, single] = (await appServices(COMPOSE))[0]!;
    expect(() => serviceEnvironment(single, {})).not.toThrow();
  });

  it('gives every app service an environment the configuration accepts, and only known names', async () => {
    const image = await imageEnvironment(join(ROOT, 'Dockerfile'));
    expect(image).toMatchObject({ DATA_DIR: '/data', NODE_ENV: 'production', HOST: '0.0.0.0' });
    // With nothing set (the default start; the scale setup needs only its password) and with
    // every variable set.
    const least = { POSTGRES_PASSWORD: SAMPLES.POSTGRES_PASSWORD };
    const apps = [...(await appServices(COMPOSE)), ...(await appServices(SCALE))];
    for (const given of [least, SAMPLES]) {
      for (const [name, service] of apps) {
        const env = serviceEnvironment(service, given);
        expect(unknownVariables(env), name).toEqual([]);
        expect(() => loadConfig({ ...image, ...env }), name).not.toThrow();
      }
    }
    const [, first] = (await appServices(SCALE))[0]!;
    const scale = loadConfig({ ...image, ...serviceEnvironment(first, SAMPLES) });
    expect(scale.DATABASE_URL).toBe(
      `postgres://desires:${SAMPLES.POSTGRES_PASSWORD}@postgres:5432/desires`,
    );
    expect(scale.REDIS_URL).toBe('redis://valkey:6379');
    expect(scale.JWT_SECRET).toBe(SAMPLES.JWT_SECRET);
  });

  it('gives both scale instances the same environment, secrets included', async () => {
    const [first, second] = (await appServices(SCALE)).map(([, service]) =>
      serviceEnvironment(service, SAMPLES),
    );
    expect(first).toEqual(second);
    expect(Object.keys(first!)).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'ANON_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']),
    );
  });

  it('has a sample for every variable they refer to', async () => {
    for (const path of FILES) {
      const lines = (await readFile(path, 'utf8')).split('\n');
      const text = lines.filter((line) => !line.trimStart().startsWith('#')).join('\n');
      expect(
        referencedVariables(text).filter((name) => !(name in SAMPLES)),
        path,
      ).toEqual([]);
    }
  });

  it('catches a misspelt variable and a value the configuration refuses', async () => {
    const text = await readFile(COMPOSE, 'utf8');
    const [, service] = (await appServices(COMPOSE))[0]!;
    const env = serviceEnvironment(service, SAMPLES);
    expect(unknownVariables({ ...env, PUBLIK_URL: env.PUBLIC_URL! })).toEqual(['PUBLIK_URL']);
    expect(() => loadConfig({ ...env, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(text).toContain('PUBLIC_URL:');
  });
});

describe('compose interpolation', () => {
  it('follows the Compose rules for defaults and required values', () => {
    expect(interpolate('${A:-x}', {})).toBe('x');
    expect(interpolate('${A:-x}', { A: '' })).toBe('x');
    expect(interpolate('${A-x}', { A: '' })).toBe('');
    expect(interpolate('a${A}b', { A: '1' })).toBe('a1b');
    expect(() => interpolate('${A:?set A}', { A: '' })).toThrow('required variable A: set A');
    expect(interpolate('${A:?set A}', { A: 'v' })).toBe('v');
  });
});
