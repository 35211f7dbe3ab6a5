import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName } from './create.js';
import { newestBackupTime, startBackupSchedule, type BackupService } from './service.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A service writing empty files named as backups, each taking `ms`. */
function fakeService(dir: string, ms: number): BackupService & { runs: number } {
  const service = {
    runs: 0,
    idle: async () => undefined,
    async run() {
      service.runs++;
      await new Promise((resolve) => setTimeout(resolve, ms));
      const file = join(dir, backupFileName(new Date()));
      await writeFile(file, '');
      return { file, bytes: 0, durationMs: ms };
    },
  };
  return service;
}

describe('the backup schedule', () => {
  it('counts from the newest backup, first waits, and awaits a backup in progress on stop', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'couple-schedule-'));
    dirs.push(dir);
    const service = fakeService(dir, 150);
    const schedule = startBackupSchedule(service, dir, 400, 100);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(service.runs).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(service.runs).toBeGreaterThanOrEqual(2);
    // Stop lands in or between backups; either way nothing runs after it.
    await schedule.stop();
    const files = (await readdir(dir)).length;
    expect(files).toBe(service.runs);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await readdir(dir)).length).toBe(files);
    const newest = await newestBackupTime(dir);
    expect(Date.now() - newest!).toBeGreaterThanOrEqual(600);
  });

  it('backs up at once when the newest backup is older than the interval', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'couple-schedule-'));
    dirs.push(dir);
    await writeFile(join(dir, backupFileName(new Date(Date.now() - 10_000))), '');
    const service = fakeService(dir, 10);
    const schedule = startBackupSchedule(service, dir, 5_000, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await schedule.stop();
    expect(service.runs).toBe(1);
  });
});
