// Reads compose.yaml as Compose would for the app's services: YAML with merge keys, `${VAR}`,
// `${VAR:-default}` and `${VAR:?message}` interpolated from a given environment, and the
// image's own ENV from the Dockerfile underneath each service's `environment`.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

export interface ComposeService {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string | number | boolean | null> | string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export async function readCompose(path: string): Promise<unknown> {
  return parse(await readFile(path, 'utf8'), { merge: true }) as unknown;
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
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)] as const;
      })
    : Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v ?? '')] as const);
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(value, env)]));
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
