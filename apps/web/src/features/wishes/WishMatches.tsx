import { Blend, Hourglass, SendHorizontal } from 'lucide-react';
import { useNavigate } from 'react-router';
import { WISH_TIERS } from '@couple/protocol/browser';
import { Card } from '../../components/Card.js';
import { useI18n } from '../../lib/i18n.js';
import { ROUTES } from '../../lib/routes.js';
import { usePartnerStatus } from '../pairing/queries.js';
import { desireFromWish } from './desire-from-wish.js';
import type { WishEntry } from './use-wishes.js';
import { wishTierName } from './wish-text.js';

/** A custom wish has no tier: its desire is sent at the middle of the scale. */
const CUSTOM_INTENSITY = 5;

function intensityOf(entry: WishEntry): number {
  return WISH_TIERS.find(({ id }) => id === entry.tier)?.intensity ?? CUSTOM_INTENSITY;
}

function WaitingForPartner({ partnerName }: { partnerName: string }) {
  const i18n = useI18n();
  return (
    <p
      role="status"
      className="flex items-center gap-2 text-sm text-slate-700"
      data-testid="wish-waiting"
    >
      <Hourglass className="size-4 shrink-0" aria-hidden="true" />
      {i18n._('Waiting for {name}’s device to take its turn: new matches show up once it has.', {
        name: partnerName,
      })}
    </p>
  );
}

/** One match: a tap opens Send desire with the wish in its note. */
function MatchRow({ entry }: { entry: WishEntry }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const text = entry.text;
  return (
    <li>
      <button
        type="button"
        onClick={() =>
          void navigate(ROUTES.home, {
            state: desireFromWish(text, intensityOf(entry)),
          })
        }
        className="flex min-h-12 w-full items-center gap-3 rounded-xl bg-brand-50 px-4 py-2 text-start ring-1 ring-brand-200 hover:bg-brand-100"
      >
        <span className="flex flex-1 flex-col">
          {/* Isolated, not dir="auto": the line keeps the screen's alignment. */}
          <span className="font-semibold text-slate-900">
            <bdi>{text}</bdi>
          </span>
          <span className="text-sm text-slate-600">{wishTierName(entry)}</span>
        </span>
        <SendHorizontal
          className="size-5 shrink-0 text-brand-700 rtl:-scale-x-100"
          aria-hidden="true"
        />
        <span className="sr-only">{i18n._('Send as a desire')}</span>
      </button>
    </li>
  );
}

/**
 * The wishes both said yes to. Each one opens the Send desire screen with the wish in its
 * note; the desire then goes through the normal send (sealed note, outbox, quiet hours).
 * Without matches it says only that: nothing hints at what either person answered.
 */
export function WishMatches({
  matches,
  waitingForPartner,
}: {
  matches: readonly WishEntry[];
  waitingForPartner: boolean;
}) {
  const i18n = useI18n();
  const partnerName = usePartnerStatus().data?.partner?.username ?? i18n._('your partner');
  return (
    <Card aria-labelledby="wish-matches-title" className="flex flex-col gap-3">
      <h2
        id="wish-matches-title"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <Blend className="size-5 text-brand-700" aria-hidden="true" />
        {i18n._('Your matches')}
      </h2>
      {waitingForPartner && <WaitingForPartner partnerName={partnerName} />}
      {matches.length === 0 ? (
        <p className="text-slate-600">
          {i18n._('No matches yet. A wish shows up here once you have both said yes to it.')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {i18n._('You both want these. Tap one to send it as a desire.')}
          </p>
          <ul className="flex flex-col gap-2" data-testid="wish-matches">
            {matches.map((entry) => (
              <MatchRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
