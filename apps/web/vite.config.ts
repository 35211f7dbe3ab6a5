import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
// Relative: the config is loaded by Node, which cannot read the workspace package's TypeScript.
import { API_PREFIX } from '../../packages/protocol/src/contract/routes.js';

const server = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // src/lib/push.ts registers /sw.js itself (push needs the registration anyway).
      injectRegister: false,
      manifest: {
        name: 'Couple Desires',
        short_name: 'Desires',
        description: 'A private space for two: share your desires with your partner.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fff1f2',
        theme_color: '#be123c',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The mini-app SDK chunk is only for the Farcaster host: never precached.
        // The plugin adds the manifest and its icons itself.
        globPatterns: ['**/*.{js,css,html}', 'icons/badge-72.png', 'icons/apple-touch-icon.png'],
        globIgnores: ['**/miniapp-sdk-*.js'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Named so the service worker can leave the Farcaster-only chunk out of its precache,
        // and so bench:web-size can check that each language's catalog (and Lingui, loaded
        // beside it) stays a lazy chunk of its own.
        chunkFileNames: (chunk) => {
          if (chunk.moduleIds.some((id) => id.includes('@farcaster/miniapp-sdk'))) {
            return 'assets/miniapp-sdk-[hash].js';
          }
          if (chunk.facadeModuleId?.includes('/i18n/catalogs/'))
            return 'assets/catalog-[name]-[hash].js';
          if (chunk.facadeModuleId?.includes('/@lingui/core/')) return 'assets/lingui-[hash].js';
          return 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: {
      [API_PREFIX]: server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
