import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`);

/**
 * A translated sentence with elements inside it (links): `i18n._` returns strings only, and a
 * translation may put the elements in another order, so each `{name}` is given a mark, the
 * translated text is split at the marks and every mark replaced by its element.
 */
export function Sentence({
  text,
  parts,
}: {
  text: (marks: Record<string, string>) => string;
  parts: Record<string, ReactNode>;
}) {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, MARK + name + MARK]));
  // split with a capture group alternates text and names: even indexes text, odd names.
  const pieces = text(marks).split(MARKED);
  return pieces.map((piece, index) => (
    <Fragment key={index}>{index % 2 === 0 ? piece : parts[piece]}</Fragment>
  ));
}
