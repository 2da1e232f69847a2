import fc from 'fast-check';
import { twMerge } from 'tailwind-merge';
import table from 'virtual:class-merge-table';
import { describe, expect, it } from 'vitest';
import { classMerger, parseClass } from './class-merge';
import { cn } from './cn';

const merge = classMerger(table);
const utilities = Object.keys(table.groups);

/** Variants as the app writes them, order-sensitive and arbitrary ones included, and their orders swapped. */
const VARIANTS = [
  '',
  'md:',
  'sm:',
  'hover:',
  'md:hover:',
  'hover:md:',
  'dark:',
  'data-[state=open]:',
  '[&>svg]:',
  'before:',
  'hover:before:',
  'before:hover:',
  'has-[>svg]:',
  'focus-visible:',
];
const IMPORTANT = ['', '', '', '!'];

const className = fc
  .tuple(
    fc.constantFrom(...VARIANTS),
    fc.constantFrom(...utilities, 'group', 'peer', 'recharts-x', 'sr-only'),
    fc.constantFrom(...IMPORTANT),
  )
  .map(([variant, utility, important]) => `${variant}${utility}${important}`);

describe('the build-time class merge (issue 33)', () => {
  it("knows the app's utilities", () => {
    // The scan of web/src finds what the components write: a table of a handful would mean it read nothing.
    expect(utilities.length).toBeGreaterThan(300);
    for (const u of [
      'px-4',
      'p-2',
      'text-sm',
      'text-muted-foreground',
      'bg-primary',
      'rounded-md',
      'hidden',
      'flex',
    ])
      expect(table.groups[u], u).toBeTypeOf('number');
  });

  it("merges every list of the app's utilities exactly as tailwind-merge does", () => {
    fc.assert(
      fc.property(fc.array(className, { maxLength: 12 }), (classes) => {
        const list = classes.join(' ');
        expect(merge(list)).toBe(twMerge(list));
      }),
      { numRuns: 20_000 },
    );
  });

  it("merges each pair of the app's utilities as tailwind-merge does", () => {
    for (const a of utilities)
      for (const b of utilities.slice(0, 120)) {
        expect(merge(`${a} ${b}`)).toBe(twMerge(`${a} ${b}`));
        expect(merge(`md:${b} ${a} md:${a}`)).toBe(twMerge(`md:${b} ${a} md:${a}`));
      }
  });

  it('reads variants, important marks and arbitrary values', () => {
    expect(parseClass('md:hover:!px-2')).toEqual({
      variants: ['md', 'hover'],
      important: true,
      utility: 'px-2',
    });
    expect(parseClass('data-[state=open]:bg-accent!')).toEqual({
      variants: ['data-[state=open]'],
      important: true,
      utility: 'bg-accent',
    });
    expect(parseClass('grid-cols-[1fr_auto]')).toEqual({
      variants: [],
      important: false,
      utility: 'grid-cols-[1fr_auto]',
    });
    expect(parseClass('[&_svg:not([class*=size-])]:size-4').variants).toEqual([
      '[&_svg:not([class*=size-])]',
    ]);
  });

  it('is what cn() applies: a later utility wins, unknown classes and clsx inputs are kept', () => {
    expect(cn('h-9 px-4 py-2', 'h-8 px-3', false, undefined, { 'w-full': true, hidden: false })).toBe(
      'py-2 h-8 px-3 w-full',
    );
    expect(cn('p-2 md:p-4', 'px-1', 'recharts-x')).toBe('p-2 md:p-4 px-1 recharts-x');
    expect(cn('')).toBe('');
  });
});
