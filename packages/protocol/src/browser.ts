/**
 * The zod-free part of the protocol, for the web bundle: constants, texts, event names and the
 * encrypted-note code. The schemas (and zod, ~50 KB gzip) stay out of the browser; import types
 * from '@couple/protocol' as usual (type imports cost nothing).
 */
export * from './constants.js';
export * from './texts.js';
export * from './push-texts.js';
export * from './answers.js';
export * from './quiet-hours.js';
export * from './app-texts.js';
export * from './shell-texts.js';
export * from './offline-texts.js';
export * from './rules.js';
export * from './events.js';
export * from './crypto.js';
export * from './errors.js';
export * from './contract/routes.js';
export * from './e2e/index.js';
export * from './wishes/index.js';
export * from './account-texts.js';
export * from './wishes/tiers.js';
export * from './wishes/catalog.js';
export * from './i18n/index.js';
export * from './wish-texts.js';
export * from './wishes/constants.js';
export * from './thoughts/constants.js';
