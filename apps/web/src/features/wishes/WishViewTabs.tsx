import { SegmentedTabs } from '../../components/SegmentedTabs.js';

export type WishView = 'one' | 'list';

const VIEWS: { value: WishView; label: string }[] = [
  { value: 'one', label: /*i18n*/ 'One at a time' },
  { value: 'list', label: /*i18n*/ 'All wishes' },
];

/** The card flow or the whole list (the choice lives in the URL: ?view=list). */
export function WishViewTabs({
  view,
  onChange,
}: {
  view: WishView;
  onChange: (view: WishView) => void;
}) {
  return (
    <SegmentedTabs
      label={/*i18n*/ 'How to answer'}
      options={VIEWS}
      value={view}
      onChange={onChange}
    />
  );
}
