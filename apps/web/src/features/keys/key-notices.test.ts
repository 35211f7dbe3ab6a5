import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { markupOf, outerElement } from '../../components/markup.test-support.js';
import { KeyChangeWarning } from './KeyChangeWarning.js';
import { KeysBanner } from './KeysBanner.js';
import type { KeyState } from './key-state.js';

const warning = (ownKey: boolean) =>
  markupOf(
    createElement(KeyChangeWarning, { partnerName: 'Bob', ownKey, busy: false, onSendAnyway() {} }),
  );

const banner = (state: Partial<KeyState>) =>
  markupOf(
    createElement(KeysBanner, {
      keys: { userId: 'user', unavailable: false, state: state as KeyState },
    }),
  );

/*
 * What the end-to-end tests and screen readers find in the key notices (e2e/pages/KeysPages.ts):
 * the test ids, the roles, the one button and the links.
 */
describe('the key notices', () => {
  it('interrupt with the key-change warning, its one button and the safety number', () => {
    const markup = warning(false);
    const box = outerElement(markup);
    expect(box.attribute('role')).toBe('alert');
    expect(box.attribute('data-testid')).toBe('key-change-warning');
    expect(box.classes).toContain('bg-amber-50');
    expect(markup.match(/<button /g)).toHaveLength(1);
    expect(markup).toContain(`>${KEY_TEXTS.sendAnyway}</button>`);
    expect(markup).toContain(`href="/keys/safety"`);
    expect(markup).toContain(`>${KEY_TEXTS.compareSafety}</a>`);
  });

  it('offer only the safety number when the partner key is the own one', () => {
    const markup = warning(true);
    expect(outerElement(markup).attribute('role')).toBe('alert');
    expect(markup).not.toContain('<button');
    expect(markup).toContain(`>${KEY_TEXTS.compareSafety}</a>`);
  });

  it('tell, above the screen, what the device still needs and link to it', () => {
    const setup = banner({ status: 'link' });
    const box = outerElement(setup);
    expect(box.attribute('role')).toBe('status');
    expect(box.attribute('data-testid')).toBe('keys-banner');
    expect(box.classes).toEqual(expect.arrayContaining(['bg-brand-50', 'mb-6']));
    expect(setup).toContain(KEY_TEXTS.setupBanner);
    expect(setup).toMatch(
      new RegExp(`<a [^>]*href="/keys/setup"[^>]*>${KEY_TEXTS.setupAction}</a>`),
    );

    const phrase = banner({ status: 'ready', phraseUnsaved: true });
    expect(phrase).toContain(KEY_TEXTS.phraseBanner);
    expect(phrase).toMatch(
      new RegExp(`<a [^>]*href="/keys/recovery"[^>]*>${KEY_TEXTS.phraseAction}</a>`),
    );
  });
});
