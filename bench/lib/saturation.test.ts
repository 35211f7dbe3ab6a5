import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLICY,
  nextRate,
  saturationRate,
  verdictOf,
  type SaturationPolicy,
  type StepOutcome,
} from './saturation.js';

function outcome(rate: number, p99: number, counts: Partial<StepOutcome['load']> = {}) {
  const load = { sent: 10, acked: 10, errors: 0, refused: 0, lost: 0, latency: { p99 } };
  return { rate, load: { ...load, ...counts } };
}

const policy: SaturationPolicy = { ...DEFAULT_POLICY, from: 200, factor: 1.5, maxRate: 1000 };

/** Runs the plan against a fake server whose p99 is `p99(rate)`. */
function simulate(p99: (rate: number) => number, p = policy): StepOutcome[] {
  const steps: StepOutcome[] = [];
  for (let rate = nextRate(steps, p); rate !== undefined; rate = nextRate(steps, p)) {
    steps.push(outcome(rate, p99(rate)));
    if (steps.length > 50) throw new Error('the plan does not end');
  }
  return steps;
}

describe('verdictOf', () => {
  it('fails a step on a loss, an unanswered desire, a refusal, another error or a p99 at the limit', () => {
    expect(verdictOf(outcome(100, 49.9), 50)).toBe('passed');
    expect(verdictOf(outcome(100, 50), 50)).toBe('slow');
    expect(verdictOf(outcome(100, Number.NaN), 50)).toBe('slow');
    expect(verdictOf(outcome(100, 5, { acked: 7, errors: 3, refused: 3 }), 50)).toBe('refused');
    expect(verdictOf(outcome(100, 5, { acked: 9, errors: 1 }), 50)).toBe('errors');
    expect(verdictOf(outcome(100, 5, { acked: 8, errors: 1 }), 50)).toBe('unanswered');
    expect(verdictOf(outcome(100, 5, { lost: 1, acked: 9, errors: 1, refused: 1 }), 50)).toBe(
      'lost',
    );
  });
});

describe('nextRate', () => {
  it('grows by the factor, then bisects once between the last pass and the first failure', () => {
    const steps = simulate((rate) => (rate < 500 ? 10 : 80));
    expect(steps.map((s) => s.rate)).toEqual([200, 300, 450, 680, 570]);
    expect(saturationRate(steps, 50)).toBe(450);
  });

  it('keeps the bisected rate when it passes', () => {
    const steps = simulate((rate) => (rate <= 600 ? 10 : 80));
    expect(steps.map((s) => s.rate)).toEqual([200, 300, 450, 680, 570]);
    expect(saturationRate(steps, 50)).toBe(570);
  });

  it('stops at the maximum rate when nothing fails', () => {
    const steps = simulate(() => 10);
    expect(steps.map((s) => s.rate)).toEqual([200, 300, 450, 680, 1000]);
    expect(saturationRate(steps, 50)).toBe(1000);
  });

  it('stops at once, with no saturation rate, when the first step fails', () => {
    const steps = simulate(() => 80);
    expect(steps.map((s) => s.rate)).toEqual([200]);
    expect(saturationRate(steps, 50)).toBeUndefined();
  });

  it('refines more when asked, and never offers a rate already known', () => {
    const steps = simulate((rate) => (rate < 520 ? 10 : 80), { ...policy, refine: 3 });
    expect(steps.map((s) => s.rate)).toEqual([200, 300, 450, 680, 570, 510, 540]);
    expect(saturationRate(steps, 50)).toBe(510);
  });
});

describe('saturationRate', () => {
  it('ignores a pass above a rate that failed', () => {
    expect(saturationRate([outcome(200, 10), outcome(300, 80), outcome(400, 10)], 50)).toBe(200);
  });
});
