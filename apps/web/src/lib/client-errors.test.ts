import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('./client-errors.js');
}

describe('client errors', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('keeps entries newest first, at most 100, and filters by name', async () => {
    const errors = await load();
    for (let i = 0; i < 105; i += 1) errors.logClientError(i % 2 ? 'odd' : 'even', `e${i}`);
    expect(errors.recentClientErrors(200)).toHaveLength(100);
    expect(errors.recentClientErrors(2).map((e) => e.error_message)).toEqual(['e104', 'e103']);
    expect(errors.recentClientErrors(2, 'CLIENT_ERROR_odd').map((e) => e.error_message)).toEqual([
      'e103',
      'e101',
    ]);
    errors.clearClientErrors();
    expect(errors.recentClientErrors()).toEqual([]);
  });

  it('writes the entry SPEC §3 describes, and logs it to the console', async () => {
    const errors = await load();
    errors.logClientError('send', new Error('offline'), 12.5);
    expect(errors.recentClientErrors()[0]).toEqual({
      function_name: 'CLIENT_ERROR_send',
      error_message: 'offline',
      execution_time_ms: 12.5,
      created_at: expect.any(String),
    });
    expect(console.error).toHaveBeenCalledWith('CLIENT_ERROR_send', 'offline');
    expect(errors.errorMessage({ code: 1 })).toBe('{"code":1}');
  });

  it('hands entries logged before the reporter to it first, then each new one', async () => {
    const errors = await load();
    errors.logClientError('early', 'first');
    const report = vi.fn();
    errors.reportClientErrorsTo(report);
    expect(report.mock.calls.map(([entry]) => entry.error_message)).toEqual(['first']);
    errors.logClientError('late', 'second');
    expect(report.mock.calls.map(([entry]) => entry.error_message)).toEqual(['first', 'second']);
  });
});
