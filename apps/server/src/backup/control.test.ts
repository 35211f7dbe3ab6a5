import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { controlSocketPath } from './control.js';

describe('the control socket path', () => {
  it('is DATA_DIR/.control.sock, absolute', () => {
    expect(controlSocketPath('data')).toBe(join(process.cwd(), 'data', '.control.sock'));
  });

  it('falls back to a path relative to the working directory when the absolute one is too long', () => {
    // 89 + '/.control.sock' is 103 bytes: relative fits, absolute does not.
    const deep = join(process.cwd(), 'd'.repeat(89));
    expect(controlSocketPath(deep)).toBe(relative(process.cwd(), join(deep, '.control.sock')));
  });

  it('is a configuration error when DATA_DIR is too long for both', () => {
    const far = join('/', 'x'.repeat(150));
    expect(() => controlSocketPath(far)).toThrow(ConfigError);
    expect(() => controlSocketPath(far)).toThrow(/DATA_DIR: its control socket path is longer/);
  });
});
