// compose.yaml cannot run on this machine (no Docker): it is checked as far as tools allow,
// against the Compose Specification's JSON schema, and by giving the app's configuration exactly
// the environment each app service gets from the file and from the image.
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
  serviceEnvironment,
  type ComposeFile,
} from './compose-env.js';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');
const COMPOSE = join(ROOT, 'compose.yaml');

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
};

async function compose(): Promise<ComposeFile> {
  return (await readCompose(COMPOSE)) as ComposeFile;
}

/** The services that run the app: built from the repository's Dockerfile. */
function appServices(file: ComposeFile): [string, ComposeFile['services'][string]][] {
  return Object.entries(file.services).filter(([, service]) => service.build !== undefined);
}

/** Names the configuration does not know (a misspelt or stale variable). */
function unknownVariables(env: Record<string, string>): string[] {
  return Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name));
}

describe('compose.yaml', () => {
  it('follows the Compose Specification schema', async () => {
    const schema = JSON.parse(
      await readFile(join(import.meta.dirname, 'compose-spec.json'), 'utf8'),
    );
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    // The schema names draft-07 by its https address; ajv knows the meta-schema by the http one.
    const draft7 = require('ajv/dist/refs/json-schema-draft-07.json') as Record<string, unknown>;
    ajv.addMetaSchema({ ...draft7, $id: schema.$schema }, schema.$schema);
    const validate = ajv.compile(schema);
    const file = await readCompose(COMPOSE);
    expect(validate(file), JSON.stringify(validate.errors, null, 1)).toBe(true);
    // The schema refuses what Compose would refuse, e.g. an unknown key in a service.
    const broken = structuredClone(file) as ComposeFile;
    (broken.services.app as Record<string, unknown>).restart_policy = 'always';
    expect(validate(broken)).toBe(false);
  });

  it('has a default profile of one instance and a scale profile of two behind a proxy', async () => {
    const file = await compose();
    const apps = appServices(file);
    const byProfile = (profile: string | undefined) =>
      apps.filter(([, s]) => s.profiles?.[0] === profile).map(([name]) => name);
    expect(byProfile(undefined)).toEqual(['app']);
    expect(byProfile('scale')).toEqual(['app-1', 'app-2']);
    for (const [name, service] of Object.entries(file.services)) {
      if (name === 'app') continue;
      expect(service.profiles, name).toEqual(['scale']);
      if (service.image && !service.build)
        expect(service.image, name).toMatch(/:\d+\.\d+(\.\d+)?-alpine$/);
    }
  });

  it('gives every app service an environment the configuration accepts, and only known names', async () => {
    const file = await compose();
    const image = await imageEnvironment(join(ROOT, 'Dockerfile'));
    expect(image).toMatchObject({ DATA_DIR: '/data', NODE_ENV: 'production', HOST: '0.0.0.0' });
    // With nothing set (the two-command start) and with every variable set.
    for (const given of [{}, SAMPLES]) {
      for (const [name, service] of appServices(file)) {
        const env = serviceEnvironment(service, given);
        expect(unknownVariables(env), name).toEqual([]);
        expect(() => loadConfig({ ...image, ...env }), name).not.toThrow();
      }
    }
    const scale = loadConfig({ ...image, ...serviceEnvironment(file.services['app-1']!, SAMPLES) });
    expect(scale.DATABASE_URL).toBe(
      `postgres://desires:${SAMPLES.POSTGRES_PASSWORD}@postgres:5432/desires`,
    );
    expect(scale.REDIS_URL).toBe('redis://valkey:6379');
    expect(scale.JWT_SECRET).toBe(SAMPLES.JWT_SECRET);
  });

  it('gives both scale instances the same environment, secrets included', async () => {
    const file = await compose();
    const [first, second] = ['app-1', 'app-2'].map((name) =>
      serviceEnvironment(file.services[name]!, SAMPLES),
    );
    expect(first).toEqual(second);
    expect(Object.keys(first!)).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'ANON_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']),
    );
  });

  it('has a sample for every variable it refers to', async () => {
    const lines = (await readFile(COMPOSE, 'utf8')).split('\n');
    const text = lines.filter((line) => !line.trimStart().startsWith('#')).join('\n');
    expect(referencedVariables(text).filter((name) => !(name in SAMPLES))).toEqual([]);
  });

  it('catches a misspelt variable and a value the configuration refuses', async () => {
    const text = await readFile(COMPOSE, 'utf8');
    const service = (await compose()).services.app!;
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
