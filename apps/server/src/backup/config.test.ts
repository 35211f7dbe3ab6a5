import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { backupDirOf, backupIntervalMs, parseInterval } from './config.js';

describe('backup settings', () => {
  it('reads intervals with a unit, daily, hourly and off', () => {
    expect(parseInterval('24h')).toBe(86_400_000);
    expect(parseInterval('6h')).toBe(21_600_000);
    expect(parseInterval('30m')).toBe(1_800_000);
    expect(parseInterval('7d')).toBe(604_800_000);
    expect(parseInterval('90s')).toBe(90_000);
    expect(parseInterval('daily')).toBe(86_400_000);
    expect(parseInterval('Hourly')).toBe(3_600_000);
    expect(parseInterval('off')).toBeNull();
  });

  it('refuses intervals without a unit, below a minute or above a year', () => {
    for (const bad of ['24', '30s', '0m', '367d', 'weekly', '-1h', '1.5h', '']) {
      expect(parseInterval(bad), bad).toBeUndefined();
    }
  });

  it('names a bad BACKUP_INTERVAL or BACKUP_KEEP in one line', () => {
    expect(() => loadConfig({ BACKUP_INTERVAL: 'often' })).toThrow(
      /^Invalid configuration: BACKUP_INTERVAL: must be off, daily/,
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('backs up daily into DATA_DIR/backups on PGlite, and keeps 14', () => {
    const config = loadConfig({ DATA_DIR: '/srv/couple/' });
    expect(backupDirOf(config)).toBe('/srv/couple/backups');
    expect(backupIntervalMs(config)).toBe(86_400_000);
    expect(config.BACKUP_KEEP).toBe(14);
  });

  it('backs up on PostgreSQL only when BACKUP_INTERVAL is set', () => {
    const url = 'postgres://db/couple';
    expect(backupIntervalMs(loadConfig({ DATABASE_URL: url }))).toBeNull();
    const on = loadConfig({ DATABASE_URL: url, BACKUP_INTERVAL: '6h', BACKUP_DIR: '/backups' });
    expect(backupIntervalMs(on)).toBe(21_600_000);
    expect(backupDirOf(on)).toBe('/backups');
    expect(backupIntervalMs(loadConfig({ BACKUP_INTERVAL: 'off' }))).toBeNull();
  });
});
