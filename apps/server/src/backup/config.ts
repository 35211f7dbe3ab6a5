import { z } from 'zod';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DAY_MS = UNIT_MS.d;

/**
 * A backup interval: `off`, `daily`, `hourly`, or a number with a unit (`30m`, `6h`, `7d`), at
 * least one minute. Returns milliseconds, or null for off.
 */
export function parseInterval(text: string): number | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'off') return null;
  if (value === 'daily') return DAY_MS;
  if (value === 'hourly') return UNIT_MS.h;
  const match = /^(\d+)\s*([smhd])$/.exec(value);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms >= UNIT_MS.m && ms <= 366 * DAY_MS ? ms : undefined;
}

/**
 * The BACKUP_* variables, spread into the server's config schema. BACKUP_INTERVAL stays
 * undefined when unset: the default depends on the driver (see backupIntervalMs).
 */
export const backupEnvShape = {
  // Where backups go; default <DATA_DIR>/backups.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL: z
    .string()
    .transform((text, ctx) => {
      const ms = parseInterval(text);
      if (ms !== undefined) return ms;
      ctx.addIssue({
        code: 'custom',
        message: 'must be off, daily, hourly or a duration like 30m, 6h, 7d (1m to 366d)',
      });
      return z.NEVER;
    })
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
};

export interface BackupSettings {
  BACKUP_DIR?: string | undefined;
  BACKUP_INTERVAL?: number | null | undefined;
  BACKUP_KEEP: number;
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
}

/** Where backups go: BACKUP_DIR, else DATA_DIR/backups. */
export function backupDirOf(config: BackupSettings): string {
  return config.BACKUP_DIR ?? `${config.DATA_DIR.replace(/\/+$/, '')}/backups`;
}

/**
 * How often the server backs up, or null: daily on PGlite unless off; on PostgreSQL only when
 * BACKUP_INTERVAL is set (several instances share the database, and pg_dump must be installed).
 */
export function backupIntervalMs(config: BackupSettings): number | null {
  if (config.BACKUP_INTERVAL !== undefined) return config.BACKUP_INTERVAL;
  return config.DATABASE_URL ? null : DAY_MS;
}
