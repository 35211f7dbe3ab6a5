import { z } from 'zod';
import { REALTIME_TABLES } from '@couple/protocol';
import type { DomainListeners } from '../events.js';

/** A committed row change, named by its key: each subscriber reads the row under its own RLS. */
export const rowChangeSchema = z.object({
  table: z.enum(REALTIME_TABLES),
  type: z.enum(['INSERT', 'UPDATE']),
  id: z.uuid(),
  commitTimestamp: z.iso.datetime(),
});
export type RowChange = z.infer<typeof rowChangeSchema>;

/**
 * The row changes behind the domain events: pairing inserts a connection and sets both
 * profiles' partner, ending it updates the three rows, a new username updates one profile.
 * Events are emitted after commit, so a reader sees the changed row.
 */
export function rowChangeListeners(publish: (change: RowChange) => void): DomainListeners {
  const changed = (table: RowChange['table'], type: RowChange['type'], id: string) =>
    publish({ table, type, id, commitTimestamp: new Date().toISOString() });

  return {
    partnerConnected: ({ userId, connectionId, partner }) => {
      changed('partner_connections', 'INSERT', connectionId);
      changed('profiles', 'UPDATE', userId);
      changed('profiles', 'UPDATE', partner.id);
    },
    partnerDisconnected: ({ userId, connectionId, partnerId }) => {
      changed('partner_connections', 'UPDATE', connectionId);
      changed('profiles', 'UPDATE', userId);
      changed('profiles', 'UPDATE', partnerId);
    },
    profileUpdated: ({ userId }) => changed('profiles', 'UPDATE', userId),
  };
}
