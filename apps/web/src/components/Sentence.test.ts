import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { Sentence } from './Sentence.js';

/** What each piece of the sentence renders: its text, or the element put in its place. */
function pieces(translated: string): unknown[] {
  const rendered = Sentence({
    text: (marks) => translated.replace('{a}', marks.a ?? '').replace('{b}', marks.b ?? ''),
    parts: { a: 'LINK-A', b: 'LINK-B' },
  }) as ReactElement<{ children: unknown }>[];
  return rendered.map((piece) => piece.props.children).filter((child) => child !== '');
}

describe('Sentence', () => {
  it('puts each element where its placeholder is', () => {
    expect(pieces('By continuing you agree to our {a} and {b}')).toEqual([
      'By continuing you agree to our ',
      'LINK-A',
      ' and ',
      'LINK-B',
    ]);
  });

  it('follows a translation that reorders the elements', () => {
    expect(pieces('{b} و {a}')).toEqual(['LINK-B', ' و ', 'LINK-A']);
  });
});
