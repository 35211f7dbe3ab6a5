import { SegmentedTabs } from '../../components/SegmentedTabs.js';
import type { MessageBox } from './queries.js';

const TABS: { value: MessageBox; label: string }[] = [
  { value: 'received', label: /*i18n*/ 'Received' },
  { value: 'sent', label: /*i18n*/ 'Sent' },
];

/** Received and sent desires, one segmented control (the choice lives in the URL: ?view=sent). */
export function BoxTabs({
  box,
  onChange,
}: {
  box: MessageBox;
  onChange: (box: MessageBox) => void;
}) {
  return (
    <SegmentedTabs label={/*i18n*/ 'Desires'} options={TABS} value={box} onChange={onChange} />
  );
}
