import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupFileName } from './create.js';
import { startBackupSchedule, type BackupService } from './service.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/**
 * The schedule's timing is the subject, so its clock is faked (Date and its timers): the test
 * moves it on. Reading and writing the directory stays real, so between two moves the test
 * polls for what the schedule did, on real time (setImmediate and performance are not faked).
 */
beforeEach(() => void vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] }));
afterEach(() => void vi.useRealTimers());

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A service writing empty files named as backups, each taking `ms` of the fake clock. */
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

const files = async (dir: string) => (await readdir(dir)).length;

describe('the backup schedule', () => {
  it('counts from the newest backup, first waits, and awaits a backup in progress on stop', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'couple-schedule-'));
    dirs.push(dir);
    const service = fakeService(dir, 150);
    const startedAt = Date.now();
    const schedule = startBackupSchedule(service, dir, 400, 100);
    // The first look at the directory finds no backup: the first one is planned 100 ms out.
    vi.advanceTimersByTime(0);
    await until(() => vi.getTimerCount() === 1, 'the first backup to be planned');
    vi.advanceTimersByTime(99);
    expect(service.runs).toBe(0);
    vi.advanceTimersByTime(1);
    await until(() => service.runs === 1, 'the first backup');
    // It takes 150 ms; once written (at 250 ms), the next is due an interval after it.
    vi.advanceTimersByTime(150);
    await until(async () => (await files(dir)) === 1, 'the first file');
    await until(() => vi.getTimerCount() === 1, 'the next backup to be planned');
    vi.advanceTimersByTime(399);
    expect(service.runs).toBe(1);
    vi.advanceTimersByTime(1);
    await until(() => service.runs === 2, 'the second backup');
    expect(Date.now() - startedAt).toBe(650);

    // Stopped while the second runs: stop waits for it, and nothing runs after.
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await until(async () => (await files(dir)) === 1 && vi.getTimerCount() === 1, 'the backup');
    expect(stopped).toBe(false);
    vi.advanceTimersByTime(150);
    await stopping;
    expect(await files(dir)).toBe(2);
    vi.advanceTimersByTime(10 * 400);
    expect(vi.getTimerCount()).toBe(0);
    expect(service.runs).toBe(2);
    expect(await files(dir)).toBe(2);
  });

  it('backs up at once when the newest backup is older than the interval', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'couple-schedule-'));
    dirs.push(dir);
    const startedAt = Date.now();
    await writeFile(join(dir, backupFileName(new Date(startedAt - 10_000))), '');
    const service = fakeService(dir, 10);
    const schedule = startBackupSchedule(service, dir, 5_000, 60_000);
    vi.advanceTimersByTime(0);
    await until(() => service.runs === 1, 'the backup');
    // At once: the clock has not moved.
    expect(Date.now()).toBe(startedAt);
    const stopped = schedule.stop();
    vi.advanceTimersByTime(10);
    await stopped;
    expect(service.runs).toBe(1);
  });
});
