import { useEffect, useRef, useState, type RefObject } from 'react';
import { SkipForward } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { useI18n } from '../../lib/i18n.js';
import { ROUTES } from '../../lib/routes.js';
import { AnswerButtons } from './AnswerButtons.js';
import type { WishAnswer, WishEntry } from './use-wishes.js';
import { wishTierName } from './wish-text.js';

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function EveryTierHidden() {
  const i18n = useI18n();
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <p className="text-slate-700">
        {i18n._('Every tier is hidden. Choose the wishes you want to see in Settings.')}
      </p>
      <Link
        to={ROUTES.settings}
        className="inline-flex min-h-11 items-center rounded-xl px-4 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
      >
        {i18n._('Settings')}
      </Link>
    </Card>
  );
}

interface EndProps {
  heading: HeadingRef;
  anySkipped: boolean;
  onBackToSkipped: () => void;
  onShowList: () => void;
}

/** Past the last wish: back to the skipped ones, or the list of answers. */
function EndOfWishes({ heading, anySkipped, onBackToSkipped, onShowList }: EndProps) {
  const i18n = useI18n();
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {anySkipped
          ? i18n._('You have been through every wish')
          : i18n._('You have answered every wish')}
      </h2>
      <p className="text-slate-600">
        {i18n._('You can change any answer in the list, at any time.')}
      </p>
      <div className="flex w-full flex-col gap-2 sm:flex-row">
        {anySkipped && (
          <Button variant="secondary" onClick={onBackToSkipped}>
            {i18n._('Go back to the skipped ones')}
          </Button>
        )}
        <Button variant="secondary" onClick={onShowList}>
          {i18n._('See all your answers')}
        </Button>
      </div>
    </Card>
  );
}

interface CurrentProps {
  entry: WishEntry;
  heading: HeadingRef;
  /** How many come before it, answered or skipped. */
  position: number;
  total: number;
  onAnswer: (answer: WishAnswer) => void;
  onSkip: () => void;
}

function CurrentWish({ entry, heading, position, total, onAnswer, onSkip }: CurrentProps) {
  const i18n = useI18n();
  return (
    <Card aria-labelledby="wish-current" className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">
          {wishTierName(entry)}
        </span>
        <span className="text-slate-600" data-testid="wish-progress">
          {i18n._('{position} of {total}', {
            position: position + 1,
            total,
          })}
        </span>
      </div>
      <h2
        id="wish-current"
        ref={heading}
        tabIndex={-1}
        dir="auto"
        className="min-h-16 text-center text-xl font-semibold text-balance text-slate-900"
      >
        {entry.text}
      </h2>
      <AnswerButtons answer={null} onAnswer={(answer) => answer && onAnswer(answer)} />
      <Button variant="ghost" onClick={onSkip}>
        <SkipForward className="size-5 rtl:-scale-x-100" aria-hidden="true" />
        {i18n._('Skip')}
      </Button>
    </Card>
  );
}

/**
 * The wishes one at a time: the first one not yet answered nor skipped in this visit. After an
 * answer or a skip, focus moves to the next wish's text, so a screen reader reads it and the
 * keyboard stays on the card (the buttons it was on are replaced).
 */
export function WishFlow({
  entries,
  onAnswer,
  onShowList,
}: {
  entries: readonly WishEntry[];
  onAnswer: (id: string, answer: WishAnswer) => void;
  onShowList: () => void;
}) {
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const moved = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const current = entries.find((entry) => entry.answer === null && !skipped.has(entry.id));
  const position = entries.filter((entry) => entry.answer !== null || skipped.has(entry.id)).length;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [current?.id]);

  function next(run: () => void) {
    moved.current = true;
    run();
  }

  if (entries.length === 0) return <EveryTierHidden />;
  if (!current) {
    return (
      <EndOfWishes
        heading={heading}
        anySkipped={skipped.size > 0}
        onBackToSkipped={() => next(() => setSkipped(new Set()))}
        onShowList={onShowList}
      />
    );
  }
  return (
    <CurrentWish
      entry={current}
      heading={heading}
      position={position}
      total={entries.length}
      onAnswer={(answer) => next(() => onAnswer(current.id, answer))}
      onSkip={() => next(() => setSkipped((old) => new Set(old).add(current.id)))}
    />
  );
}
