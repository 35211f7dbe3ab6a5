import { describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '../events.js';
import { API_CONTRACT } from './api.js';
import { API_ROUTES, LIVE_OPERATIONS, isLiveOperation, type ApiRouteName } from './routes.js';
import { SERVER_EVENT_SCHEMAS } from './server-events.js';

describe('the live channel on the contract', () => {
  it('reaches one operation with each event SPEC §7 names', () => {
    expect(Object.fromEntries(LIVE_OPERATIONS)).toEqual({
      send_message: 'sendDesire',
      mark_read: 'markMessagesRead',
      get_unread_count: 'getUnreadCount',
      partner_status: 'getPartnerStatus',
    });
    expect(Object.values(CLIENT_EVENTS).sort()).toEqual([...LIVE_OPERATIONS.keys()].sort());
  });

  it('reaches only operations of a signed-in caller whose whole input is a body', () => {
    for (const name of LIVE_OPERATIONS.values()) {
      const contract = API_CONTRACT[name];
      expect(contract.access, name).toBe('user');
      expect('params' in contract || 'query' in contract, name).toBe(false);
    }
  });

  it('tells which operations have a live event', () => {
    const names = Object.keys(API_ROUTES) as ApiRouteName[];
    expect(names.filter(isLiveOperation).sort()).toEqual([...LIVE_OPERATIONS.values()].sort());
  });

  it('names every server event once, and gives each its payload schema', () => {
    expect(Object.values(SERVER_EVENTS).sort()).toEqual(Object.keys(SERVER_EVENT_SCHEMAS).sort());
  });
});
