import { describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { markupOf, outerElement } from './markup.test-support.js';
import { Notice, NoticeLink, type NoticeTone } from './Notice.js';

function Icon(props: { className?: string }) {
  return createElement('svg', { ...props, 'data-icon': 'test' });
}

const notice = (tone: NoticeTone, more: Partial<Parameters<typeof Notice>[0]> = {}) =>
  markupOf(createElement(Notice, { tone, children: 'Something happened.', ...more }));

describe('Notice', () => {
  it('interrupts for a danger and waits its turn for the other tones', () => {
    expect(outerElement(notice('danger')).attribute('role')).toBe('alert');
    for (const tone of ['info', 'success', 'warning'] as const) {
      expect(outerElement(notice(tone)).attribute('role')).toBe('status');
    }
  });

  it('interrupts for an urgent warning', () => {
    expect(outerElement(notice('warning', { urgent: true })).attribute('role')).toBe('alert');
  });

  it('draws each tone in its colours, inside the same box', () => {
    const colours: Record<NoticeTone, string[]> = {
      info: ['bg-brand-50', 'text-slate-800', 'ring-brand-200'],
      success: ['bg-emerald-50', 'text-emerald-800', 'ring-emerald-200'],
      warning: ['bg-amber-50', 'text-amber-950', 'ring-amber-300'],
      danger: ['bg-red-50', 'text-red-900', 'ring-red-200'],
    };
    for (const [tone, expected] of Object.entries(colours) as [NoticeTone, string[]][]) {
      expect(outerElement(notice(tone)).classes).toEqual([
        'flex',
        'flex-col',
        'gap-3',
        'rounded-2xl',
        'p-4',
        'text-sm',
        'ring-1',
        ...expected,
      ]);
    }
  });

  it('keeps the test id and the classes a screen adds', () => {
    const box = outerElement(notice('info', { testId: 'some-notice', className: 'mb-6' }));
    expect(box.attribute('data-testid')).toBe('some-notice');
    expect(box.classes.at(-1)).toBe('mb-6');
  });

  it('puts the icon, hidden from screen readers, before the text', () => {
    const markup = notice('warning', { icon: Icon });
    expect(markup).toContain(
      '<div class="flex gap-2"><svg class="size-5 shrink-0" aria-hidden="true" data-icon="test"></svg>Something happened.</div>',
    );
    // Only the info tone gives its icon a colour of its own.
    expect(notice('info', { icon: Icon })).toContain('class="size-5 shrink-0 text-brand-700"');
  });

  it('puts the action after the text, inside the box', () => {
    const action: ReactNode = createElement(NoticeLink, { to: '/keys/setup', children: 'Set up' });
    const markup = notice('info', { action });
    expect(markup).toMatch(
      /^<div [^>]*><div class="flex gap-2">Something happened\.<\/div><a class="[^"]*bg-brand-700[^"]*" href="\/keys\/setup"[^>]*>Set up<\/a><\/div>$/,
    );
  });

  it('draws nothing but the text and the box when there is neither icon nor action', () => {
    expect(notice('success')).toMatch(
      /^<div [^>]*><div class="flex gap-2">Something happened\.<\/div><\/div>$/,
    );
  });
});
