import { describe, expect, it } from 'vitest';
import { missingPluralCategories, placeholdersOf } from './icu.js';

describe('placeholdersOf', () => {
  it('names the values of plain and plural arguments, nested ones too', () => {
    expect(placeholdersOf('{name} is in quiet hours until {until}')).toEqual(['name', 'until']);
    expect(placeholdersOf('{a, plural, one {# and {b}} other {#}}')).toEqual(['a', 'b']);
    expect(placeholdersOf('No values')).toEqual([]);
  });
});

describe('missingPluralCategories', () => {
  const desires = '{count, plural, one {# desire} other {# desires}}';

  it('finds nothing missing for English or Spanish with one and other', () => {
    expect(missingPluralCategories(desires, 'en')).toEqual([]);
    expect(missingPluralCategories(desires, 'es')).toEqual([]);
  });

  it('asks Arabic for zero, two, few and many', () => {
    expect(missingPluralCategories(desires, 'ar')).toEqual(['few', 'many', 'two', 'zero']);
  });

  it('lets an exact =0 case stand for Arabic zero', () => {
    const arabic = '{count, plural, =0 {z} one {o} two {t} few {f} many {m} other {x}}';
    expect(missingPluralCategories(arabic, 'ar')).toEqual([]);
  });
});
