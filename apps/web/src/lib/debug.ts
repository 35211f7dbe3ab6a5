import { APP_VERSION } from '@couple/protocol/browser';
import { clearClientErrors, logClientError, recentClientErrors } from './client-errors.js';

export type DebugProbe = () => unknown;
const probes = new Map<string, DebugProbe>();

/** Features add read-only probes (never tokens) that window.coupleDebug exposes. */
export function addDebugProbe(name: string, probe: DebugProbe): void {
  probes.set(name, probe);
}

export function installDebugTools(): void {
  const tools = {
    version: APP_VERSION,
    logs: recentClientErrors,
    clearLogs: clearClientErrors,
    state: () => Object.fromEntries([...probes].map(([name, probe]) => [name, probe()])),
  };
  Object.assign(window, { coupleDebug: tools });
  window.addEventListener('error', (event) =>
    logClientError('window', event.error ?? event.message),
  );
  window.addEventListener('unhandledrejection', (event) => logClientError('promise', event.reason));
}
