import {
  AddMiniApp,
  exposeToIframe,
  type Context,
  type MiniAppHost,
} from '@farcaster/miniapp-host';

type AddMiniAppResult = AddMiniApp.AddMiniAppResult;

/**
 * A Farcaster web client's mini-app frame, as clients build it with @farcaster/miniapp-host:
 * the app in an iframe, the host's SDK exposed to it. Signing and adding go to this page's own
 * backend (host-server.ts), which holds the custody and app keys as a real client's servers do.
 * What the app asks of the host is logged on `window.hostLog` for the test to read.
 */
export interface HostLogEntry {
  call: string;
  /** ms since the iframe was created */
  at: number;
}

const params = new URLSearchParams(location.search);
const appUrl = params.get('app') ?? '';
const appOrigin = new URL(appUrl).origin;
const log: HostLogEntry[] = [];
Object.assign(window, { hostLog: log });

const iframe = document.createElement('iframe');
iframe.title = 'Mini app';
iframe.src = appUrl;
iframe.setAttribute('allow', 'clipboard-write');
const created = performance.now();
const record = (call: string) => log.push({ call, at: Math.round(performance.now() - created) });

const context: Context.MiniAppContext = {
  user: {
    fid: Number(params.get('fid')),
    username: params.get('username') ?? undefined,
    displayName: params.get('username') ?? undefined,
  },
  client: { clientFid: Number(params.get('clientFid')), added: false, platformType: 'web' },
  location: { type: 'launcher' },
  features: { haptics: false },
};

async function backend<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

const unsupported = (call: string) => () => {
  record(call);
  throw new Error(`${call} is not offered by this host`);
};

const host = {
  get context() {
    record('context');
    return context;
  },
  ready: async () => void record('ready'),
  close: () => void record('close'),
  openUrl: (url: string) => void record(`openUrl ${url}`),
  signIn: async ({ nonce }: { nonce: string }) => {
    record('signIn');
    const { host: domain } = new URL(appUrl);
    return backend<{ message: string; signature: string; authMethod: 'custody' }>('/host/sign-in', {
      nonce,
      domain,
      uri: appUrl,
    });
  },
  addMiniApp: async (): Promise<AddMiniAppResult> => {
    record('addMiniApp');
    try {
      const result = await backend<AddMiniAppResult>('/host/add-mini-app', { appUrl });
      context.client.added = true;
      context.client.notificationDetails = result.notificationDetails;
      return result;
    } catch {
      throw new AddMiniApp.RejectedByUser();
    }
  },
  eip6963RequestProvider: () => void record('eip6963RequestProvider'),
  getCapabilities: async () => {
    record('getCapabilities');
    return ['actions.ready', 'actions.signIn', 'actions.addMiniApp', 'actions.close'];
  },
  getChains: async () => [],
  updateBackState: async () => void record('updateBackState'),
  setPrimaryButton: () => void record('setPrimaryButton'),
  impactOccurred: async () => undefined,
  notificationOccurred: async () => undefined,
  selectionChanged: async () => undefined,
  signManifest: unsupported('signManifest'),
  ethProviderRequest: unsupported('ethProviderRequest'),
  ethProviderRequestV2: unsupported('ethProviderRequestV2'),
  addFrame: unsupported('addFrame'),
  viewCast: unsupported('viewCast'),
  viewProfile: unsupported('viewProfile'),
  viewToken: unsupported('viewToken'),
  sendToken: unsupported('sendToken'),
  swapToken: unsupported('swapToken'),
  openMiniApp: unsupported('openMiniApp'),
  composeCast: unsupported('composeCast'),
  requestCameraAndMicrophoneAccess: unsupported('requestCameraAndMicrophoneAccess'),
} satisfies Partial<MiniAppHost>;

document.body.append(iframe);

// A slow client answers `answerAfterMs` after the app's first question (not after this page
// loaded, which on a busy machine can be long before the app asks): what the app asks until
// then is held and answered late, in order.
const answerAfterMs = Number(params.get('answerAfterMs') ?? 0);
const held: MessageEvent[] = [];
const answer = () => {
  window.removeEventListener('message', hold);
  // Every member the app may call is above; the rest of MiniAppHost's wallets are not offered.
  exposeToIframe({ iframe, sdk: host as MiniAppHost, miniAppOrigin: appOrigin });
  for (const event of held) {
    window.dispatchEvent(new MessageEvent('message', { data: event.data, origin: event.origin }));
  }
};
function hold(event: MessageEvent): void {
  held.push(event);
  if (held.length === 1) setTimeout(answer, answerAfterMs);
}
if (answerAfterMs === 0) answer();
else window.addEventListener('message', hold);
