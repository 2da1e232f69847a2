import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getDefaultConfig, twMerge } from 'tailwind-merge';
import type { Plugin } from 'vite';
import { parseClass, type ClassMergeTable } from '../src/lib/class-merge.ts';

/** String literals of a source file: '…', "…" and the static parts of `…` (class names never hold escaped quotes). */
const STRING_LITERAL = /'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`]*)`/g;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, into);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name)) into.push(file);
  }
  return into;
}

/** Every utility (a class name without its variants) written in the app's sources that tailwind-merge knows. */
export function utilitiesIn(srcDir: string): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(srcDir))
    for (const m of readFileSync(file, 'utf8').matchAll(STRING_LITERAL))
      for (const token of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/)) {
        if (!token || token.includes('${') || token.includes('}')) continue;
        const base = parseClass(token).utility;
        // A utility tailwind-merge knows collapses with itself; an unknown word (prose, an id) is kept twice.
        if (base && twMerge(`${base} ${base}`) === base) found.add(base);
      }
  return [...found].sort();
}

/**
 * tailwind-merge's verdicts on the app's own utilities, computed at build time so the browser does not carry
 * tailwind-merge nor build its class map (issue 33: ~27 KB of the entry and one long task at 4× CPU on a phone).
 * Two utilities are in one group when either written after the other removes it (`p-2`, `p-4`); a group conflicts
 * with another when its utilities remove the other's written before them, not the other way round (`p-4` removes
 * an earlier `px-2`). Throws if tailwind-merge's verdicts do not fit that shape (the runtime could not reproduce them).
 */
export function classMergeTable(utilities: readonly string[]): ClassMergeTable {
  const n = utilities.length;
  const removes = (later: number, earlier: number) =>
    twMerge(`${utilities[earlier]} ${utilities[later]}`) === utilities[later];
  const group = new Array<number>(n).fill(-1);
  const members: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (group[i] !== -1) continue;
    const g = members.length;
    members.push([i]);
    group[i] = g;
    for (let j = i + 1; j < n; j++)
      if (group[j] === -1 && removes(i, j) && removes(j, i)) {
        group[j] = g;
        members[g]!.push(j);
      }
  }
  const conflicts: number[][] = members.map(() => []);
  for (let g = 0; g < members.length; g++)
    for (let h = 0; h < members.length; h++) {
      if (g === h) continue;
      const verdicts = members[g]!.flatMap((i) => members[h]!.map((j) => removes(i, j)));
      if (verdicts.every(Boolean)) conflicts[g]!.push(h);
      else if (verdicts.some(Boolean))
        throw new Error(
          `tailwind-merge: '${utilities[members[g]![0]!]}' e '${utilities[members[h]![0]!]}' fora do modelo de grupos`,
        );
    }
  for (let g = 0; g < members.length; g++)
    for (const i of members[g]!)
      for (const j of members[g]!)
        if (i !== j && !removes(i, j))
          throw new Error(`tailwind-merge: '${utilities[i]}' e '${utilities[j]}' fora do modelo de grupos`);
  return {
    groups: Object.fromEntries(utilities.map((u, i) => [u, group[i]!])),
    conflicts,
    orderSensitiveModifiers: [...(getDefaultConfig().orderSensitiveModifiers ?? [])],
  };
}

const VIRTUAL_ID = 'virtual:class-merge-table';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * The `virtual:class-merge-table` module (src/lib/cn.ts): the table of the app's utilities in `srcDir`, computed
 * when the module is first loaded (build, prerender, tests); the dev server recomputes it when a source changes.
 */
export function classMergeTablePlugin(srcDir: string): Plugin {
  return {
    name: 'arbitra:class-merge-table',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const table = classMergeTable(utilitiesIn(srcDir));
      // JSON.parse of a string literal: parsed faster than the same object as a JavaScript literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(table))});`;
    },
    handleHotUpdate({ server }) {
      const table = server.moduleGraph.getModuleById(RESOLVED_ID);
      if (table) server.moduleGraph.invalidateModule(table);
    },
  };
}
