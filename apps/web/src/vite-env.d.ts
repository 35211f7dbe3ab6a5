/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base URL (default /api). */
  readonly VITE_API_URL?: string;
  /** Quick Auth server the mini-app sign-in uses (default: the SDK's, https://auth.farcaster.xyz). */
  readonly VITE_QUICK_AUTH_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
