import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

/** The HTML a screen part draws, inside a router for its links. */
export function markupOf(node: ReactNode): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, node));
}

/** The outer element of some markup: its tag, its attributes and its class names. */
export function outerElement(markup: string) {
  const [, tag, attributes] = /^<(\w+)([^>]*)>/.exec(markup) ?? [];
  const attribute = (name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(attributes ?? '')?.[1] ?? null;
  return { tag, attribute, classes: (attribute('class') ?? '').split(' ') };
}
