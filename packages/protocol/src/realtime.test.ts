import { describe, expect, it } from 'vitest';
import { encodeRealtimeFrame, parseRealtimeFrame, type RealtimeFrame } from './realtime.js';

const frame: RealtimeFrame = {
  joinRef: '1',
  ref: '2',
  topic: 'realtime:room',
  event: 'phx_join',
  payload: { config: {} },
};

describe('Realtime frames', () => {
  it('round-trips both serializer versions', () => {
    for (const vsn of ['1.0.0', '2.0.0']) {
      expect(parseRealtimeFrame(encodeRealtimeFrame(frame, vsn), vsn)).toEqual(frame);
    }
    expect(JSON.parse(encodeRealtimeFrame(frame, '2.0.0'))).toEqual([
      '1',
      '2',
      'realtime:room',
      'phx_join',
      { config: {} },
    ]);
  });

  it('reads numeric refs as text and refuses what is not a frame', () => {
    expect(parseRealtimeFrame('[null, 5, "phoenix", "heartbeat", {}]', '2.0.0')).toMatchObject({
      joinRef: null,
      ref: '5',
    });
    for (const bad of ['{', '[]', '[null,null,"",  "x", {}]', '[null,null,"t","e","p"]', '"x"']) {
      expect(parseRealtimeFrame(bad, '2.0.0')).toBeNull();
    }
    expect(parseRealtimeFrame('[null,null,"t","e",{}]', '1.0.0')).toBeNull();
  });
});
