import { describe, expect, it } from 'vitest';
import { DomainEvents } from './events.js';

describe('DomainEvents.listenWith', () => {
  it('listens with each module until stopped, and lists what listens to what', () => {
    const events = new DomainEvents();
    const heard: string[] = [];
    const stop = events.listenWith([
      { name: 'a', listeners: { profileUpdated: ({ userId }) => heard.push(`a:${userId}`) } },
      {
        name: 'b',
        listeners: {
          profileUpdated: ({ userId }) => heard.push(`b:${userId}`),
          sessionRevoked: ({ sessionId }) => heard.push(`b:${sessionId}`),
        },
      },
    ]);
    expect(events.listenerModules()).toEqual([
      { name: 'a', events: ['profileUpdated'] },
      { name: 'b', events: ['profileUpdated', 'sessionRevoked'] },
    ]);
    events.emit('profileUpdated', { userId: 'u' });
    events.emit('sessionRevoked', { sessionId: 's' });
    expect(heard).toEqual(['a:u', 'b:u', 'b:s']);

    stop();
    events.emit('profileUpdated', { userId: 'v' });
    expect(heard).toHaveLength(3);
    expect(events.listenerModules()).toEqual([]);
    expect(events.listenerCount('profileUpdated')).toBe(0);
  });

  it('refuses a second module of the same name', () => {
    const events = new DomainEvents();
    events.listenWith([{ name: 'a', listeners: {} }]);
    expect(() => events.listenWith([{ name: 'a', listeners: {} }])).toThrow('a listens already');
  });
});
