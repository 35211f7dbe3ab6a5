// The container tests need machine commands from Debian's packages: buildah (builds and runs the
// image), mmdebstrap (makes stand-in images) and, for the compose test, dockerd (docker.io).
// Installed here when missing and running as root, as CI.
import { execFileSync } from 'node:child_process';

/** A command, and the Debian package that brings it. */
export type MachineTool = readonly [command: string, debianPackage: string];

const IMAGE_TOOLS: MachineTool[] = [
  ['buildah', 'buildah'],
  ['mmdebstrap', 'mmdebstrap'],
];

function installed(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function ensureTools(tools: readonly MachineTool[] = IMAGE_TOOLS): Promise<void> {
  const absent = tools.filter(([command]) => !installed(command)).map(([, name]) => name);
  if (absent.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing ${absent.join(', ')}: install with apt-get install -y ${absent.join(' ')}`,
    );
  }
  console.log(`INFO installing ${absent.join(', ')} with apt-get`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit', timeout: 10 * 60_000 });
  execFileSync('apt-get', ['install', '-y', ...absent], { stdio: 'inherit', timeout: 10 * 60_000 });
}
