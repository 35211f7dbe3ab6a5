import type { AppContext } from '../context.js';
import { bindingWants, rowMatches, type Binding } from './bindings.js';
import type { RowChange } from './changes.js';
import type { Channel, RealtimeConnection } from './connection.js';
import { selectVisibleRows } from './repository.js';
import { REALTIME_COLUMNS } from './tables.js';

/** Row-level security on (app_user) with no user of its own: realtime_visible_rows enters each. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

interface Wanted {
  connection: RealtimeConnection;
  channel: Channel;
  bindings: Binding[];
}

/** The subscribed channels with a binding to this change's table and type. */
function channelsWanting(connections: Iterable<RealtimeConnection>, change: RowChange): Wanted[] {
  const wanted: Wanted[] = [];
  for (const connection of connections) {
    for (const channel of connection.channels.values()) {
      const bindings = channel.bindings.filter((b) => bindingWants(b, change.table, change.type));
      if (bindings.length > 0 && channel.subscriber) wanted.push({ connection, channel, bindings });
    }
  }
  return wanted;
}

/** The change as Realtime's `postgres_changes` carries it, with the row its subscriber sees. */
function changeMessage(change: RowChange, row: Record<string, unknown>) {
  return {
    schema: 'public',
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: REALTIME_COLUMNS[change.table],
    record: row,
    // As Realtime sends it under the default replica identity: the key only.
    old_record: change.type === 'UPDATE' ? { id: change.id } : undefined,
    errors: null,
  };
}

/**
 * Sends a change to each channel that wants it: the row is read again once for all its
 * subscribers, each under their own row-level security, and goes only to a binding whose
 * filter it matches.
 */
export function rowChangeDelivery(
  ctx: Pick<AppContext, 'db' | 'log'>,
  connections: ReadonlySet<RealtimeConnection>,
) {
  return async (change: RowChange): Promise<void> => {
    const wanted = channelsWanting(connections, change);
    if (wanted.length === 0) return;
    const userIds = [...new Set(wanted.map(({ channel }) => channel.subscriber!.userId))];
    let visible: Map<string, Record<string, unknown>>;
    try {
      visible = await ctx.db.asUser(NO_USER, (tx) =>
        selectVisibleRows(tx, change.table, change.id, userIds),
      );
    } catch (error) {
      ctx.log.warn({ err: String(error), table: change.table }, 'realtime read failed');
      return;
    }
    for (const { connection, channel, bindings } of wanted) {
      const row = channel.subscriber && visible.get(channel.subscriber.userId);
      const ids = row ? bindings.filter((b) => rowMatches(b.filter, row)).map((b) => b.id) : [];
      if (!row || ids.length === 0) continue;
      connection.sendChange(channel, ids, changeMessage(change, row));
    }
  };
}
