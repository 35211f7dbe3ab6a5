// Reads compose.yaml and compose.scale.yaml as Compose would for the app's services: YAML with
// merge keys and Compose's `!override` and `!reset` tags, `extends` of another file's service,
// `${VAR}`, `${VAR:-default}` and `${VAR:?message}` interpolated from a given environment, and
// the image's own ENV from the Dockerfile underneath each service's `environment`.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';

export interface ComposeService {
  image?: string;
  build?: unknown;
  profiles?: string[];
  ports?: unknown[];
  extends?: { file?: string; service: string };
  environment?: Record<string, string | number | boolean | null> | string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** Compose's merge tags: the tagged value is what the service ends up with. */
const MERGE_TAGS = ['!override', '!reset'].flatMap((tag) =>
  (['seq', 'map'] as const).map((collection) => ({
    tag,
    collection,
    resolve: (value: unknown) => value,
  })),
);

export async function readCompose(path: string): Promise<unknown> {
  return parse(await readFile(path, 'utf8'), { merge: true, customTags: MERGE_TAGS }) as unknown;
}

/**
 * A service as Compose gives it: the service it `extends` underneath, with the keys the service
 * sets itself in place of the base's (`environment` merged name by name, as Compose does).
 */
export async function resolvedService(
  file: string,
  service: ComposeService,
): Promise<ComposeService> {
  if (!service.extends) return service;
  const from = service.extends.file ? join(dirname(file), service.extends.file) : file;
  const base = ((await readCompose(from)) as ComposeFile).services[service.extends.service];
  if (!base) throw new Error(`${file} extends ${service.extends.service}, which ${from} lacks`);
  const own: ComposeService = { ...service };
  delete own.extends;
  const environment = { ...asMapping(base.environment), ...asMapping(own.environment) };
  return { ...base, ...own, environment };
}

function asMapping(environment: ComposeService['environment']): Record<string, string> {
  if (!Array.isArray(environment))
    return Object.fromEntries(
      Object.entries(environment ?? {}).map(([name, value]) => [name, String(value ?? '')]),
    );
  return Object.fromEntries(
    environment.map((line) => [
      line.slice(0, line.indexOf('=')),
      line.slice(line.indexOf('=') + 1),
    ]),
  );
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** Compose's interpolation of one value; a `?` reference without a value throws its message. */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(REFERENCE, (_all, name: string, operator?: string, word = '') => {
    const given = env[name];
    const missing = operator?.startsWith(':') ? !given : given === undefined;
    if (!missing) return given!;
    if (operator?.endsWith('?')) throw new Error(`required variable ${name}: ${word}`);
    return operator?.endsWith('-') ? word : '';
  });
}

/** Every `${NAME…}` the file refers to. */
export function referencedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(REFERENCE)].map((match) => match[1]!))];
}

/** The environment a service's container gets from the file (without the image's ENV). */
export function serviceEnvironment(
  service: ComposeService,
  env: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(asMapping(service.environment)).map(([name, value]) => [
      name,
      interpolate(value, env),
    ]),
  );
}

/** The ENV instructions of a Dockerfile's last stage: what every container starts with. */
export async function imageEnvironment(dockerfile: string): Promise<Record<string, string>> {
  const text = (await readFile(dockerfile, 'utf8')).replace(/\\\n/g, ' ');
  const lastStage = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, body] of lastStage.matchAll(/^ENV\s+(.+)$/gm)) {
    for (const [, name, value] of body!.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) {
      env[name!] = value!;
    }
  }
  return env;
}
