// Stand-ins for the images compose.yaml and compose.scale.yaml name, for a machine that reaches
// Debian's packages and the npm registry but no image registry. Each is tagged with the exact
// name the files use and behaves as the official image does where the files rely on it:
// - node: the image test's Debian stand-in base (tools/image/base.ts), plus this machine's CA
//   bundle so that npm in the Dockerfile's build reaches the registry (buildah mounts it
//   instead; Docker's classic build cannot);
// - postgres: Debian's postgresql-17 with an entrypoint that honours POSTGRES_USER, POSTGRES_DB
//   and POSTGRES_PASSWORD (stand-ins/postgres-entrypoint.sh);
// - valkey: Debian's valkey-server, run as the valkey user, protected mode off;
// - caddy: Debian's caddy (2.6), with the official image's command, config and data paths.
// A stored stand-in made by the same recipe is kept; another recipe makes it again.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CA_BUNDLE, buildah, logged } from '../image/buildah.js';
import { RECIPE_LABEL, baseRecipeOf, ensureBaseImage, hostDebianMirror } from '../image/base.js';
import { docker } from './docker.js';

const HERE = import.meta.dirname;
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

interface DebianStandIn {
  packages: string[];
  /** Files of stand-ins/ put in /usr/local/bin. */
  scripts: string[];
  /** Shell run on the tree ($1) after the packages are in. */
  hook: string;
  /** Dockerfile instructions `docker import --change` applies. */
  changes: string[];
}

const DEBIAN: Record<'postgres' | 'valkey' | 'caddy', DebianStandIn> = {
  postgres: {
    packages: ['postgresql-17'],
    scripts: ['postgres-entrypoint.sh'],
    // The package's own cluster goes: the entrypoint makes one in PGDATA, as the official image.
    hook: 'rm -rf "$1/var/lib/postgresql/17" "$1/etc/postgresql/17"',
    changes: [
      `ENV PATH=/usr/lib/postgresql/17/bin:${PATH}`,
      'ENV PGDATA=/var/lib/postgresql/data',
      'VOLUME /var/lib/postgresql/data',
      'ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]',
      'CMD ["postgres"]',
    ],
  },
  valkey: {
    packages: ['valkey-server'],
    scripts: ['valkey-entrypoint.sh'],
    hook: 'mkdir -p "$1/data" && chroot "$1" chown valkey:valkey /data',
    changes: [
      `ENV PATH=${PATH}`,
      'WORKDIR /data',
      'ENTRYPOINT ["/usr/local/bin/valkey-entrypoint.sh"]',
      'CMD ["valkey-server"]',
    ],
  },
  caddy: {
    packages: ['caddy'],
    scripts: [],
    hook: 'mkdir -p "$1/config" "$1/data" "$1/srv"',
    changes: [
      `ENV PATH=${PATH}`,
      'ENV XDG_CONFIG_HOME=/config',
      'ENV XDG_DATA_HOME=/data',
      'WORKDIR /srv',
      'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]',
    ],
  },
};

/** The stand-in's kind, from an image name such as `valkey/valkey:8.1.4-alpine`. */
function kindOf(image: string): keyof typeof DEBIAN {
  const repository = image.split(':')[0]!.split('/').at(-1)!;
  if (repository in DEBIAN) return repository as keyof typeof DEBIAN;
  throw new Error(`no stand-in for ${image}`);
}

function hash(parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

async function storedRecipe(image: string): Promise<string | undefined> {
  const format = `{{ index .Config.Labels "${RECIPE_LABEL}" }}`;
  return docker(['image', 'inspect', '--format', format, image], 30_000).catch(() => undefined);
}

async function debianRecipe(image: string, standIn: DebianStandIn): Promise<string> {
  const scripts = await Promise.all(
    standIn.scripts.map((script) => readFile(join(HERE, 'stand-ins', script), 'utf8')),
  );
  return hash([image, ...standIn.packages, standIn.hook, ...standIn.changes, ...scripts]);
}

async function makeDebianStandIn(image: string, recipe: string, logDir: string): Promise<void> {
  const standIn = DEBIAN[kindOf(image)];
  const work = await mkdtemp(join(tmpdir(), 'couple-stand-in-'));
  try {
    const tree = join(work, 'tree.tar');
    const copies = standIn.scripts.map(
      (script) => `install -m 0755 ${join(HERE, 'stand-ins', script)} "$1/usr/local/bin/${script}"`,
    );
    const hook = [...copies, standIn.hook, 'rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*'];
    const args = ['--variant=minbase', `--include=${standIn.packages.join(',')}`];
    args.push(`--customize-hook=${hook.join(' && ')}`, 'trixie', tree, await hostDebianMirror());
    await logged('mmdebstrap', args, join(logDir, `stand-in-${kindOf(image)}.log`), 15 * 60_000);
    const changes = [...standIn.changes, `LABEL ${RECIPE_LABEL}=${recipe}`];
    await docker(
      ['import', ...changes.flatMap((change) => ['--change', change]), tree, image],
      10 * 60_000,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** node:<line>-trixie-slim in Docker: buildah's stand-in base with the CA bundle added. */
async function makeNodeStandIn(image: string, recipe: string, logDir: string): Promise<void> {
  await ensureBaseImage(image, logDir);
  const container = await buildah(['from', '--pull-never', image]);
  const staged = `localhost/couple-compose-stand-in:${recipe}`;
  try {
    await buildah(['copy', container, CA_BUNDLE, CA_BUNDLE]);
    await buildah(['config', '--label', `${RECIPE_LABEL}=${recipe}`, container]);
    await buildah(['commit', container, staged], 10 * 60_000);
    await buildah(['push', staged, `docker-daemon:${image}`], 10 * 60_000);
  } finally {
    await buildah(['rm', container]).catch(() => undefined);
    await buildah(['rmi', staged]).catch(() => undefined);
  }
}

/**
 * Makes every stand-in not stored with its current recipe; answers what it did per image.
 * `nodeImage` is the Dockerfile's base as baseImageOf names it; `others` the services' images.
 */
export async function ensureStandIns(
  nodeImage: string,
  others: string[],
  logDir: string,
): Promise<string[]> {
  const wanted: [string, () => Promise<string>, (recipe: string) => Promise<void>][] = [
    [
      nodeImage,
      async () => hash([baseRecipeOf(nodeImage), await readFile(CA_BUNDLE, 'utf8')]),
      (recipe) => makeNodeStandIn(nodeImage, recipe, logDir),
    ],
    ...others.map(
      (image) =>
        [
          image,
          () => debianRecipe(image, DEBIAN[kindOf(image)]),
          (recipe: string) => makeDebianStandIn(image, recipe, logDir),
        ] as [string, () => Promise<string>, (recipe: string) => Promise<void>],
    ),
  ];
  const done: string[] = [];
  for (const [image, recipeOf, make] of wanted) {
    const recipe = await recipeOf();
    if ((await storedRecipe(image)) === recipe) {
      done.push(`${image} already stored`);
      continue;
    }
    const since = Date.now();
    await make(recipe);
    done.push(`${image} made in ${((Date.now() - since) / 1000).toFixed(1)} s`);
  }
  return done;
}
