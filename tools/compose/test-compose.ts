// `npm run test:compose`: brings up compose.yaml (one instance on PGlite) and compose.scale.yaml
// (two instances on PostgreSQL and Valkey behind Caddy) with Docker and Compose v2, on stand-in
// images made from Debian packages, and checks what docs/deploy.md promises about each. Prints
// PASS/FAIL per check and exits non-zero on the first failure. Needs root (it installs
// docker.io and starts dockerd when they are missing).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseImageOf } from '../image/base.js';
import { readCompose, type ComposeFile } from '../image/compose-env.js';
import { seconds } from '../image/report.js';
import { checkDefaultSetup } from './default-setup.js';
import { ensureDocker } from './docker.js';
import { ComposeProject, ROOT } from './project.js';
import { checkScaleSetup } from './scale-setup.js';
import { ensureStandIns } from './stand-ins.js';

/** The tag the test builds the app's image under: a user's own `local` image is left alone. */
const APP_VERSION = 'compose-test';
const PROJECT = 'couple-compose-test';
const started = Date.now();

/** The images of the scale setup's services that are not built here (postgres, valkey, caddy). */
async function pulledImages(): Promise<string[]> {
  const file = (await readCompose(join(ROOT, 'compose.scale.yaml'))) as ComposeFile;
  return Object.values(file.services)
    .filter((service) => service.image && !service.extends)
    .map((service) => service.image!);
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'couple-compose-test-'));
  console.log(`INFO logs in ${work}`);
  console.log(`INFO ${await ensureDocker(work)}`);
  const made = await ensureStandIns(
    await baseImageOf(join(ROOT, 'Dockerfile')),
    await pulledImages(),
    work,
  );
  for (const line of made) console.log(`INFO stand-in ${line}`);
  // One project for both setups, as a user who starts small and moves up has.
  const project = await ComposeProject.create({
    name: PROJECT,
    files: ['compose.yaml', 'compose.scale.yaml'],
    built: [],
    settings: { POSTGRES_PASSWORD: 'only-to-remove' },
    work,
  });
  await project.remove();
  try {
    let since = Date.now();
    const couple = await checkDefaultSetup(PROJECT, work, APP_VERSION);
    console.log(`INFO default setup checked in ${seconds(since)}`);
    since = Date.now();
    await checkScaleSetup(PROJECT, work, APP_VERSION, couple);
    console.log(`INFO scale setup checked in ${seconds(since)}`);
  } finally {
    await project.remove();
  }
  console.log(`PASS the compose test (${seconds(started)} in all)`);
  await rm(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.log(`FAIL ${error instanceof Error ? error.message : String(error)}`);
  console.log(`INFO ${seconds(started)} in all`);
  process.exitCode = 1;
});
