import {
  WISH_TIERS,
  type WishSnapshot,
  type WishSnapshotEntry,
  type WishSnapshotSettings,
} from '@couple/protocol/browser';
import type { DeviceWishes } from './device-store.js';
import type { WishPreferences } from './preferences.js';
import type { WishAnswer } from './types.js';

export type { WishSnapshot } from '@couple/protocol/browser';

/*
 * A person's answers and wish settings as their devices exchange them (issue 39): every answer
 * with when it was given, every cleared answer with when it was cleared, and the settings with
 * when they last changed. Devices merge snapshots last-writer-wins, per wish id and for the
 * settings as a whole, the local value winning a tie, so that they agree whatever order they
 * sync in (docs/decisions.md, "Wish answers follow the person, last writer wins").
 */

type Answers = WishSnapshot['answers'];

/**
 * How long a cleared answer is remembered. A clear only has to reach the person's other devices,
 * which sync whenever the app opens; a device left unopened for longer may bring the answer back
 * on its next sync, where the person sees it and can clear it again. Remembering every clear for
 * ever would fill the backup with answers long gone.
 */
export const CLEARED_KEPT_DAYS = 180;
const CLEARED_KEPT_MS = CLEARED_KEPT_DAYS * 24 * 60 * 60 * 1000;

/*
 * Answers are built with Object.fromEntries and Maps, never `record[id] = …`: an id is any wish
 * id, `__proto__` included, and must stay an entry.
 */

export function snapshotAnswersOf(device: DeviceWishes): Answers {
  const cleared = Object.entries(device.clearedAt).map(([id, at]): [string, WishSnapshotEntry] => [
    id,
    { answer: null, at },
  ]);
  const given = Object.entries(device.answers).map(([id, answer]): [string, WishSnapshotEntry] => [
    id,
    { answer, at: device.answeredAt[id] ?? 0 },
  ]);
  return Object.fromEntries([...cleared, ...given]);
}

export function snapshotSettingsOf(preferences: WishPreferences): WishSnapshotSettings {
  return {
    hiddenTiers: [...preferences.hiddenTiers],
    maybeCountsAsYes: preferences.maybeCountsAsYes,
    at: preferences.changedAt,
  };
}

export function snapshotOf(device: DeviceWishes, preferences: WishPreferences): WishSnapshot {
  return { answers: snapshotAnswersOf(device), settings: snapshotSettingsOf(preferences) };
}

/** Per wish id, the later of the two; a tie, or an id the remote lacks, keeps the local one. */
export function mergeAnswers(local: Answers, remote: Answers): Answers {
  const merged = new Map(Object.entries(local));
  for (const [id, entry] of Object.entries(remote)) {
    const held = merged.get(id);
    if (!held || entry.at > held.at) merged.set(id, entry);
  }
  return Object.fromEntries(merged);
}

/** The later settings as a whole (a tier and the maybe switch go together); a tie keeps local. */
export function mergeSettings(
  local: WishSnapshotSettings,
  remote: WishSnapshotSettings,
): WishSnapshotSettings {
  return remote.at > local.at ? remote : local;
}

export function mergeSnapshots(local: WishSnapshot, remote: WishSnapshot): WishSnapshot {
  return {
    answers: mergeAnswers(local.answers, remote.answers),
    settings: mergeSettings(local.settings, remote.settings),
  };
}

/** Cleared answers older than CLEARED_KEPT_DAYS are forgotten. */
export function withoutOldClears(snapshot: WishSnapshot, now: number): WishSnapshot {
  const answers = Object.fromEntries(
    Object.entries(snapshot.answers).filter(
      ([, entry]) => entry.answer !== null || now - entry.at <= CLEARED_KEPT_MS,
    ),
  );
  return { ...snapshot, answers };
}

/** The device's record holding these answers (and only these), the rest of it as it was. */
export function withSnapshotAnswers(device: DeviceWishes, answers: Answers): DeviceWishes {
  const entries = Object.entries(answers);
  const given = entries.flatMap(([id, { answer, at }]): [string, WishAnswer, number][] =>
    answer === null ? [] : [[id, answer, at]],
  );
  const cleared = entries.flatMap(([id, { answer, at }]): [string, number][] =>
    answer === null ? [[id, at]] : [],
  );
  return {
    ...device,
    answers: Object.fromEntries(given.map(([id, answer]) => [id, answer])),
    answeredAt: Object.fromEntries(given.map(([id, , at]) => [id, at])),
    clearedAt: Object.fromEntries(cleared),
  };
}

export function preferencesOf(settings: WishSnapshotSettings): WishPreferences {
  const hidden = new Set(settings.hiddenTiers);
  return {
    // In the app's order, as the settings screen writes them.
    hiddenTiers: WISH_TIERS.map((tier) => tier.id).filter((tier) => hidden.has(tier)),
    maybeCountsAsYes: settings.maybeCountsAsYes,
    changedAt: settings.at,
  };
}

export function sameAnswers(a: Answers, b: Answers): boolean {
  const ids = Object.keys(a);
  return (
    ids.length === Object.keys(b).length &&
    ids.every((id) => a[id]?.answer === b[id]?.answer && a[id]?.at === b[id]?.at)
  );
}

/**
 * Whether merging `a` into `b` would change `b`: an answer or a clear `b` lacks or holds older,
 * or later settings. A tie is not newer, so two devices that tie (answers both kept from before
 * times were kept) each keep theirs and neither writes over the other, until one changes it.
 */
export function holdsNewer(a: WishSnapshot, b: WishSnapshot): boolean {
  const answers = new Map(Object.entries(b.answers));
  return (
    a.settings.at > b.settings.at ||
    Object.entries(a.answers).some(([id, entry]) => entry.at > (answers.get(id)?.at ?? -1))
  );
}
