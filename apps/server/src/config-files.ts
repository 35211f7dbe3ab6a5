import { readFileSync } from 'node:fs';

/**
 * The variables that hold a secret (or a URL that may carry a password). Each may instead be
 * given as `NAME_FILE`, the path of a file holding the value, as compose and Kubernetes secrets
 * are mounted.
 */
export const SECRET_VARIABLES = [
  'JWT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'VAPID_PRIVATE_KEY',
  'ANON_KEY',
  'PUSH_WEBHOOK_SECRET',
  'NEYNAR_API_KEY',
  'METRICS_TOKEN',
] as const;

export class SecretFileError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The environment with each `NAME_FILE` replaced by `NAME` read from that file. A secret file
 * usually ends in a newline (echo, editors); trailing line breaks are cut, nothing else. Its
 * content never appears in an error.
 */
export function readSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result = { ...env };
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`;
    const path = env[fileVariable];
    delete result[fileVariable];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      throw new SecretFileError(fileVariable, `set ${name} or ${fileVariable}, not both`);
    }
    let value: string;
    try {
      value = readFileSync(path, 'utf8').replace(/[\r\n]+$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new SecretFileError(fileVariable, `cannot read ${path} (${code})`);
    }
    if (value === '') throw new SecretFileError(fileVariable, `${path} is empty`);
    result[name] = value;
  }
  return result;
}
