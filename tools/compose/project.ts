// One Compose project of the test: the repository's compose files as users run them, under a
// project name of the test's own. Its settings go in an env file, as a user's .env: COMPOSE_FILE
// names the files (the way docs/deploy.md starts the scale setup), plus one override file that
// the test writes, which only makes the app's build use the host network (this machine's Docker
// has no NAT for build steps). A developer's own .env beside the files is not read.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from '../image/container.js';
import { docker } from './docker.js';

const run = promisify(execFile);
let envFiles = 0;
export const ROOT = resolve(import.meta.dirname, '../..');

export interface Outcome {
  code: number;
  output: string;
}

export interface ProjectOptions {
  name: string;
  /** The repository's compose files, as a user names them. */
  files: string[];
  /** The services built from the Dockerfile. */
  built: string[];
  /** The user's .env. */
  settings: Record<string, string>;
  work: string;
}

export class ComposeProject {
  private constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly options: ProjectOptions,
  ) {}

  static async create(options: ProjectOptions): Promise<ComposeProject> {
    const override = join(options.work, `${options.name}.build-network.yaml`);
    const services = options.built.map(
      (service) => `  ${service}:\n    build:\n      network: host`,
    );
    await writeFile(override, `services:\n${services.join('\n')}\n`);
    const settings = { COMPOSE_FILE: [...options.files, override].join(':'), ...options.settings };
    const envFile = join(options.work, `${options.name}.${(envFiles += 1)}.env`);
    const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
    await writeFile(envFile, `${lines.join('\n')}\n`, { mode: 0o600 });
    const args = ['compose', '--project-name', options.name, '--env-file', envFile];
    return new ComposeProject(options.name, args, options);
  }

  /** The same project with other settings (a user who edits .env). */
  withSettings(settings: Record<string, string>): Promise<ComposeProject> {
    return ComposeProject.create({ ...this.options, settings });
  }

  /** `docker compose …` with the project's files; never throws, answers the exit code. */
  async run(args: string[], timeoutMs = 120_000): Promise<Outcome> {
    // The caller's shell would win over the env file (POSTGRES_PASSWORD, COMPOSE_FILE…): only
    // what finds Docker and its plugins is passed on.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => ['PATH', 'HOME'].includes(name) || name.startsWith('DOCKER_'),
      ),
    );
    try {
      const { stdout, stderr } = await run('docker', [...this.args, ...args], {
        cwd: ROOT,
        env: inherited,
        timeout: timeoutMs,
        maxBuffer: 64 << 20,
      });
      return { code: 0, output: `${stdout}${stderr}` };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string; message: string };
      const output = `${failed.stdout ?? ''}${failed.stderr ?? ''}` || failed.message;
      return { code: typeof failed.code === 'number' ? failed.code : 1, output };
    }
  }

  /** `docker compose …` that must succeed: its output, or an error with it. */
  async compose(args: string[], timeoutMs = 120_000): Promise<string> {
    const outcome = await this.run(args, timeoutMs);
    if (outcome.code !== 0)
      throw new Error(`docker compose ${args.join(' ')} (${outcome.code}):\n${outcome.output}`);
    return outcome.output;
  }

  async containerOf(service: string): Promise<string> {
    const id = (await this.compose(['ps', '--all', '--quiet', service])).trim();
    if (!id) throw new Error(`no container for ${service}`);
    return id;
  }

  /** The container's health as Docker's own health check last found it, or `exited`. */
  async health(service: string): Promise<string> {
    const format =
      '{{if ne .State.Status "running"}}{{.State.Status}}' +
      '{{else if .State.Health}}{{.State.Health.Status}}{{else}}running{{end}}';
    return docker(['inspect', '--format', format, await this.containerOf(service)], 30_000).catch(
      () => 'absent',
    );
  }

  /** Polls Docker's health checks until every service is healthy; a failing one ends it early. */
  async waitHealthy(services: string[], timeoutMs: number): Promise<void> {
    await waitFor(
      async () => {
        const states = await Promise.all(services.map((service) => this.health(service)));
        const broken = states.findIndex((state) => state === 'unhealthy' || state === 'exited');
        if (broken >= 0) {
          const logs = await this.run(['logs', '--tail', '40', services[broken]!]);
          throw new Error(`${services[broken]} is ${states[broken]}:\n${logs.output}`);
        }
        return states.every((state) => state === 'healthy');
      },
      timeoutMs,
      `${services.join(', ')} to turn healthy`,
    );
  }

  /** The service's address on the project's network, which this host reaches directly. */
  async addressOf(service: string): Promise<string> {
    const format = '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}';
    return docker(['inspect', '--format', format, await this.containerOf(service)], 30_000);
  }

  /** uid and command line of each process in the service's container, as the host sees them. */
  async processes(service: string): Promise<{ uid: number; args: string }[]> {
    const table = await docker(['top', await this.containerOf(service), '-o', 'pid,uid,args']);
    return table
      .split('\n')
      .slice(1)
      .map((line) => /^\s*\d+\s+(\d+)\s+(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({ uid: Number(match[1]), args: match[2]! }));
  }

  /** Removes the project's containers, networks and volumes. */
  async remove(): Promise<void> {
    await this.run(['down', '--volumes', '--remove-orphans', '--timeout', '20'], 180_000);
  }
}
