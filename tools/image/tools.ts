// The image test needs buildah (builds and runs the image) and mmdebstrap (makes the stand-in
// base image). Both are Debian packages: installed here when missing and running as root, as CI.
import { execFileSync } from 'node:child_process';

const PACKAGES = ['buildah', 'mmdebstrap'];

function missing(): string[] {
  return PACKAGES.filter((name) => {
    try {
      execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

export async function ensureTools(): Promise<void> {
  const absent = missing();
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
