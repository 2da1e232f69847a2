/**
 * Tailwind class lists merged as tailwind-merge merges them (a later utility removes an earlier one of its group,
 * or of a group it overrides, under the same variants), from a table of tailwind-merge's own verdicts on the app's
 * utilities computed at build time (web/build/class-merge-table.ts, the `virtual:class-merge-table` module): the
 * browser runs this loop instead of loading tailwind-merge and building its class map (issue 33). A class the table
 * does not know (not a Tailwind utility of the app) is kept, as tailwind-merge keeps it.
 */
export interface ClassMergeTable {
  /** Each utility (a class without variants or `!`) → its group's index. */
  groups: Record<string, number>;
  /** Per group, the groups whose earlier utilities it removes besides its own (`p-4` removes `px-2`). */
  conflicts: number[][];
  /** Variants whose position matters (`before:`, `*:`): kept in place when variants are sorted, as tailwind-merge does. */
  orderSensitiveModifiers: string[];
}

interface ParsedClass {
  variants: string[];
  important: boolean;
  utility: string;
}

/** Splits `md:hover:!px-2` into its variants, important mark and utility (colons inside [] or () are not separators). */
export function parseClass(className: string): ParsedClass {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) {
      variants.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let utility = className.slice(start);
  let important = false;
  if (utility.endsWith('!')) {
    utility = utility.slice(0, -1);
    important = true;
  } else if (utility.startsWith('!')) {
    utility = utility.slice(1);
    important = true;
  }
  return { variants, important, utility };
}

/** Variants in tailwind-merge's order: sorted, except that arbitrary and order-sensitive ones keep their place. */
function sortVariants(variants: string[], orderSensitive: ReadonlySet<string>): string[] {
  if (variants.length <= 1) return variants;
  const sorted: string[] = [];
  let run: string[] = [];
  for (const v of variants) {
    if (v.startsWith('[') || orderSensitive.has(v)) {
      sorted.push(...run.sort(), v);
      run = [];
    } else run.push(v);
  }
  sorted.push(...run.sort());
  return sorted;
}

/** Builds the merge function of a table. */
export function classMerger(table: ClassMergeTable): (classList: string) => string {
  const orderSensitive = new Set(table.orderSensitiveModifiers);
  return (classList) => {
    const classes = classList.trim().split(/\s+/);
    const removed = new Set<string>();
    const kept: string[] = [];
    for (let i = classes.length - 1; i >= 0; i--) {
      const className = classes[i]!;
      if (!className) continue;
      const { variants, important, utility } = parseClass(className);
      const group = table.groups[utility];
      if (group === undefined) {
        kept.push(className);
        continue;
      }
      const scope = `${sortVariants(variants, orderSensitive).join(':')}${important ? '!' : ''}|`;
      if (removed.has(scope + group)) continue;
      removed.add(scope + group);
      for (const other of table.conflicts[group] ?? []) removed.add(scope + other);
      kept.push(className);
    }
    return kept.reverse().join(' ');
  };
}
