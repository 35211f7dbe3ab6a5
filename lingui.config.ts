import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './packages/protocol/src/i18n/locales.js';

/*
 * One catalog per language for the whole product: the web app, its service worker and the
 * server's pushes, e-mails and error texts. Messages are found in the code: `i18n._('…')` calls
 * and literals marked with a `/*i18n*\/` comment; each message's id is its English text.
 * LINGUI_CATALOG_DIR lets the catalog test extract into a scratch folder.
 */
const catalogDir =
  process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/packages/protocol/src/i18n/catalogs';

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  // Sorted by id: a stable order, whatever order the extractor visits the files in.
  orderBy: 'messageId',
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  format: formatter({ lineNumbers: false, origins: true }),
  compileNamespace: 'ts',
  catalogs: [
    {
      path: `${catalogDir}/{locale}`,
      include: [
        '<rootDir>/packages/protocol/src',
        '<rootDir>/apps/web/src',
        '<rootDir>/apps/server/src',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
});
