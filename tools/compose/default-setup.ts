// compose.yaml as a new user runs it: `docker compose up -d`, one instance on PGlite.
import type { Message, Session } from '@couple/protocol';
import {
  createUser,
  desire,
  pair,
  request,
  type TestUser,
} from '../../apps/server/test/helpers/api.js';
import { freePort } from '../../apps/server/test/faults/helpers/server-process.js';
import { check, pass, seconds } from '../image/report.js';
import { ComposeProject } from './project.js';

const HEALTHY_WITHIN_MS = 180_000;

async function inboxHas(url: string, token: string, id: string): Promise<boolean> {
  const inbox = await request(url, 'GET', '/api/messages', { token });
  return ((inbox.body.messages ?? []) as Message[]).some((message) => message.id === id);
}

async function upHealthy(project: ComposeProject, what: string, args: string[] = []) {
  const since = Date.now();
  await project.compose(['up', '--detach', ...args], 20 * 60_000);
  await project.waitHealthy(['app'], HEALTHY_WITHIN_MS);
  pass(`${what}: app turns healthy by its health check (${seconds(since)})`);
}

/** A couple of the default setup, with the desire that one sent the other. */
export interface Couple {
  sender: TestUser;
  receiver: TestUser;
  desireId: string;
}

/** Checks the default setup; leaves it running, with its couple, for the move to PostgreSQL. */
export async function checkDefaultSetup(
  name: string,
  work: string,
  appVersion: string,
): Promise<Couple> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const project = await ComposeProject.create({
    name,
    files: ['compose.yaml'],
    built: ['app'],
    settings: { APP_PORT: String(port), APP_VERSION: appVersion },
    work,
  });
  await upHealthy(project, 'docker compose up -d (the image built)', ['--build']);

  const server = (await project.processes('app')).find((p) => p.args.includes('main.js'));
  check(
    server !== undefined && server.uid !== 0,
    `the server runs as uid ${server?.uid}, not root`,
    JSON.stringify(await project.processes('app')),
  );

  const alice = await createUser(url);
  const bob = await createUser(url);
  await pair(url, alice, bob);
  const sent = await request(url, 'POST', '/api/messages', {
    token: alice.token,
    body: desire({ content: 'from compose' }),
  });
  const id = sent.body.message?.id ?? '';
  check(sent.status === 201, 'a couple signs up, pairs and sends a desire', `${sent.status}`);
  check(await inboxHas(url, bob.token, id), 'the partner finds the desire in the inbox');

  const open = await project.compose(['exec', '-T', 'app', 'find', '/data', '-perm', '/077']);
  check(open.trim() === '', 'nothing in the app-data volume is open to group or others', open);

  await project.compose(['down', '--timeout', '20'], 120_000);
  await upHealthy(project, 'docker compose down, then up -d');
  check(await inboxHas(url, bob.token, id), 'after down and up the desire is still in the inbox');
  const login = await request<Session>(url, 'POST', '/api/auth/login', {
    body: { email: alice.email, password: alice.password },
  });
  check(login.status === 200, 'after down and up the user signs in', `${login.status}`);
  // The move to PostgreSQL (docs/deploy.md) starts by stopping the single instance.
  await project.compose(['stop', 'app'], 120_000);
  return { sender: alice, receiver: bob, desireId: id };
}
