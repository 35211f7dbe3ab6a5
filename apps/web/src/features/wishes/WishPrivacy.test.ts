import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as english } from '@couple/protocol/i18n/catalogs/en';
import { messages as french } from '@couple/protocol/i18n/catalogs/fr';
import { i18n, loadLingui } from '../../lib/i18n.js';
import { WishPrivacy } from './WishPrivacy.js';

beforeAll(() => loadLingui());
// The unit tier shares modules between files (vitest.config.ts): the next file reads English.
afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: english }));

const fold = (unfinished: number) =>
  renderToStaticMarkup(createElement(WishPrivacy, { open: false, unfinished }));

/** The privacy fold says what this device counted of the partner's unfinished rounds. */
describe('the Wishes privacy fold', () => {
  it('says how many rounds the partner’s device left unfinished, open, in the language', () => {
    i18n.loadAndActivate({ locale: 'en', messages: english });
    // None: not a word of it, and the fold stays folded once answers are here.
    expect(fold(0)).not.toContain('wish-unfinished-rounds');
    expect(fold(0)).not.toMatch(/<details[^>]* open/);
    expect(fold(1)).toContain(
      'Your partner’s device started 1 matching round that this device answered, and has not finished it. It may have seen what matched without sharing it with you.',
    );
    expect(fold(3)).toContain('started 3 matching rounds that this device answered');
    expect(fold(3)).toMatch(/<details[^>]* open/);
    i18n.loadAndActivate({ locale: 'fr', messages: french });
    expect(fold(2)).toContain('a lancé 2 tours de correspondance');
  });
});
