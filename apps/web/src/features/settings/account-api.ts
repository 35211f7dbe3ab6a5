import type { ApiBody } from '@couple/protocol';
import { call } from '../../lib/api.js';

/** The account routes settings uses: signed-in devices, deletion and export. */
export const accountApi = {
  listSessions: () => call('listSessions'),
  signOutSession: (id: string) => call('signOutSession', { params: { id } }),
  signOutOtherSessions: () => call('signOutOtherSessions'),
  deleteAccount: (confirmation: ApiBody<'deleteAccount'>) =>
    call('deleteAccount', { body: confirmation }),
  exportAccount: () => call('exportAccount'),
};
