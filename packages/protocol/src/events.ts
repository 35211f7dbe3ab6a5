/** The one table of socket.io event names (SPEC §7 live channel). */
export const CLIENT_EVENTS = {
  sendMessage: 'send_message',
  markRead: 'mark_read',
  getUnreadCount: 'get_unread_count',
  partnerStatus: 'partner_status',
} as const;

export const SERVER_EVENTS = {
  newMessage: 'new_message',
  messageSent: 'message_sent',
  messagesMarkedRead: 'messages_marked_read',
  unreadCount: 'unread_count',
  partnerStatusUpdate: 'partner_status_update',
  error: 'error',
} as const;
