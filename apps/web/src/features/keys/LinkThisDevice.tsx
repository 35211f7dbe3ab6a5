import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { ROUTES } from '../../lib/routes.js';
import { logClientError } from '../../lib/client-errors.js';
import { useLinkCarried } from './link-carried.js';
import { LinkLeft, linkFailureText } from './link-steps.js';
import { linkNewDevice, type LinkStep } from './link-new-device.js';
import { refreshKeys } from './queries.js';
import { useI18n } from '../../lib/i18n.js';

/** Formats the 6-digit comparison code as two groups, easier to compare aloud. */
export function spacedCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/**
 * The new device's side (docs/security.md, "Device linking", run by link-new-device.ts): the
 * code to compare once the approving device answered, then home once the account's keys are
 * kept here; a failure says why and offers to start again.
 */
export function LinkThisDevice({ userId, ownKeyId }: { userId: string; ownKeyId: string }) {
  const i18n = useI18n();
  const [state, setState] = useState<LinkStep>({ step: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const carried = useLinkCarried();

  useEffect(() => {
    let live = true;
    const isLive = () => live;

    async function link(): Promise<void> {
      const run = { userId, ownKeyId, carried, isLive, onStep: setState };
      if (!(await linkNewDevice(run))) return;
      // Navigate first: the refreshed keys make the setup screen drop this component.
      void navigate(ROUTES.home);
      await refreshKeys(queryClient);
    }

    link().catch((error: unknown) => {
      if (!live || error instanceof LinkLeft) return;
      logClientError('link_device', error);
      setState({ step: 'failed', text: linkFailureText(error, KEY_TEXTS.linkRefused) });
    });
    return () => {
      live = false;
    };
  }, [attempt, userId, ownKeyId, queryClient, navigate, carried]);

  if (state.step === 'failed') {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-700">
          {i18n._(state.text)}
        </p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {i18n._(KEY_TEXTS.linkOption)}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        {i18n._(state.step === 'comparing' ? KEY_TEXTS.linkCompare : KEY_TEXTS.linkWaiting)}
      </p>
      <p
        data-testid="link-code"
        className="text-center font-mono text-4xl font-bold tracking-widest text-slate-900"
      >
        {state.step === 'comparing' ? spacedCode(state.code) : '… …'}
      </p>
    </div>
  );
}
