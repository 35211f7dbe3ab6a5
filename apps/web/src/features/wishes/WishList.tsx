import { useId } from 'react';
import { WISH_TIERS } from '@couple/protocol/browser';
import { Card } from '../../components/Card.js';
import { useI18n } from '../../lib/i18n.js';
import { AnswerButtons } from './AnswerButtons.js';
import type { WishAnswer, WishEntry } from './use-wishes.js';
import { WithdrawWish } from './WithdrawWish.js';

interface Section {
  key: string;
  title: string;
  description?: string;
  entries: WishEntry[];
}

function sectionsOf(entries: readonly WishEntry[]): Section[] {
  const tiers: Section[] = WISH_TIERS.map((tier) => ({
    key: tier.id,
    title: tier.name,
    description: tier.description,
    entries: entries.filter((entry) => entry.tier === tier.id),
  }));
  const custom = entries.filter((entry) => entry.tier === 'custom');
  return [
    { key: 'custom', title: /*i18n*/ 'Proposed by the two of you', entries: custom },
    ...tiers,
  ].filter((section) => section.entries.length > 0);
}

function WishRow({
  entry,
  onAnswer,
  onWithdraw,
}: {
  entry: WishEntry;
  onAnswer: (answer: WishAnswer | null) => void;
  onWithdraw: () => Promise<void>;
}) {
  const text = entry.text;
  return (
    <li className="flex flex-col gap-2 border-t border-brand-100 pt-3 first:border-t-0 first:pt-0">
      <p className="font-medium text-slate-900">
        <bdi>{text}</bdi>
      </p>
      <AnswerButtons answer={entry.answer} wish={text} onAnswer={onAnswer} size="small" />
      {entry.tier === 'custom' && entry.proposedByMe && (
        <WithdrawWish wish={text} onWithdraw={onWithdraw} />
      )}
    </li>
  );
}

function TierSection({
  section,
  onAnswer,
  onWithdraw,
}: {
  section: Section;
  onAnswer: (id: string, answer: WishAnswer | null) => void;
  onWithdraw: (id: string) => Promise<void>;
}) {
  const i18n = useI18n();
  const id = useId();
  const answered = section.entries.filter((entry) => entry.answer !== null).length;
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-3">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={id} className="text-lg font-semibold text-slate-900">
          {i18n._(section.title)}
        </h3>
        <span className="text-sm text-slate-600">
          {i18n._('{answered} of {total} answered', {
            answered,
            total: section.entries.length,
          })}
        </span>
      </header>
      {section.description && (
        <p className="-mt-2 text-sm text-slate-600">{i18n._(section.description)}</p>
      )}
      <ul className="flex flex-col gap-3">
        {section.entries.map((entry) => (
          <WishRow
            key={entry.id}
            entry={entry}
            onAnswer={(answer) => onAnswer(entry.id, answer)}
            onWithdraw={() => onWithdraw(entry.id)}
          />
        ))}
      </ul>
    </Card>
  );
}

/** Every wish this person sees, by tier, each with its answer to change at any time. */
export function WishList({
  entries,
  onAnswer,
  onWithdraw,
}: {
  entries: readonly WishEntry[];
  onAnswer: (id: string, answer: WishAnswer | null) => void;
  onWithdraw: (id: string) => Promise<void>;
}) {
  return (
    <div className="flex flex-col gap-4">
      {sectionsOf(entries).map((section) => (
        <TierSection
          key={section.key}
          section={section}
          onAnswer={onAnswer}
          onWithdraw={onWithdraw}
        />
      ))}
    </div>
  );
}
