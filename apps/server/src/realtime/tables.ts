import type { RealtimeTable } from '@couple/protocol';
import { PROFILE_VIEW_COLUMNS } from '../profile/repository.js';

export interface ColumnType {
  name: string;
  type: string;
}

const PROFILE_TYPES: Record<(typeof PROFILE_VIEW_COLUMNS)[number], string> = {
  id: 'uuid',
  username: 'text',
  auth_method: 'text',
  farcaster_id: 'int8',
  farcaster_username: 'text',
  partner_id: 'uuid',
  partner_status: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const CONNECTION_COLUMNS: ColumnType[] = [
  { name: 'id', type: 'uuid' },
  { name: 'user1_id', type: 'uuid' },
  { name: 'user2_id', type: 'uuid' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'ended_at', type: 'timestamptz' },
  { name: 'ended_by', type: 'uuid' },
];

/** Sent with each change: supabase-js converts the record's cells by these types. */
export const REALTIME_COLUMNS: Record<RealtimeTable, ColumnType[]> = {
  profiles: PROFILE_VIEW_COLUMNS.map((name) => ({ name, type: PROFILE_TYPES[name] })),
  partner_connections: CONNECTION_COLUMNS,
};

export function columnNames(table: RealtimeTable): string[] {
  return REALTIME_COLUMNS[table].map((column) => column.name);
}
