#!/usr/bin/env node
/**
 * No import cycle of any kind (docs/ARCHITECTURE.md "Module boundaries"): the TypeScript import graph of every
 * folder eslint lints, with `import type` and `export … from` counted (a type import is a dependency all the same).
 * This is the project's only cycle check (eslint's import-x/no-cycle, which skipped type imports and cost 5–18 % of
 * the lint's CPU, is off). Two checks:
 * - files: no two files reach each other (any program, any package, the web, the tests, scripts, benchmarks);
 * - folders of every source folder (api/src/modules/<name>, web/src/features/<name>, else <root>/<name>, e.g.
 *   api/src/realtime, engine/src/execution, packages/db/src/repositories): no two folders reach each other, so the folders stand in layers and no import climbs back up (tests and testing/ helpers
 *   excepted: a spec may drive a folder above its own).
 * `node scripts/lint/import-cycles.mjs` prints every cycle found and exits 1 (run by `npm run lint` and `npm test`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The source folders whose files are checked. */
export const SOURCE_ROOTS = [
  'api/src',
  'engine/src',
  'packages/contracts/src',
  'packages/db/src',
  'packages/transport/src',
  'web/src',
];

/** The source folders whose folders must not import each other in a loop (all of them). */
export const LAYERED_PROGRAMS = SOURCE_ROOTS;

/**
 * Every other folder of TypeScript eslint lints (tests, their support, scripts, benchmarks, the browser tests, the
 * configs at the top): no two of their files reach each other either. With these the check covers every file
 * `import-x/no-cycle` covered, type imports included, so eslint no longer runs that rule (it was 5–18 % of the lint's
 * CPU: it parsed every dependency again with its own parser, see the README's test notes).
 */
export const OTHER_ROOTS = [
  'api/test',
  'engine/test',
  'scripts',
  'bench',
  'web/e2e',
  'web/build',
  'web/vite.config.ts',
  'vitest.config.ts',
];

function sourceFiles(root, dir) {
  const out = [];
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return out;
  if (statSync(abs).isFile()) return /\.tsx?$/.test(dir) ? [dir] : out;
  for (const entry of readdirSync(abs, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (file.includes('/node_modules/') || file.includes('/dist/')) continue;
    out.push(file);
  }
  return out;
}

function firstExisting(root, candidates) {
  return candidates.find((c) => existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile());
}

/** The file a specifier names (relative, `@/` of the web, `@arbitra/<package>`), or undefined for a library. */
export function resolveSpecifier(root, from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@/') && from.startsWith('web/')) base = `web/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('@arbitra/')) {
    const [, name, ...rest] = specifier.split('/');
    base = rest.length ? `packages/${name}/src/${rest.join('/')}` : `packages/${name}/src/index`;
  } else return undefined;
  const stem = base.replace(/\.(js|mjs|jsx|ts|tsx)$/, '');
  return firstExisting(root, [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`]);
}

/** file → the files it imports (values and types alike). */
export function importGraph(root = repoRoot, roots = SOURCE_ROOTS) {
  const graph = new Map();
  for (const dir of roots) {
    for (const file of sourceFiles(root, dir)) {
      const info = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
      const targets = new Set();
      for (const ref of info.importedFiles) {
        const target = resolveSpecifier(root, file, ref.fileName);
        if (target && target !== file) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan), each sorted. */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (start) => {
    // Iterative, so a long chain of imports cannot overflow the stack.
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const to = next[frame[2]++];
        if (!graph.has(to)) continue;
        if (!idx.has(to)) {
          idx.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(graph.get(to) ?? [])], 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), idx.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === idx.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!idx.has(node)) visit(node);
  return found;
}

/** The folder a file stands in: <program>/modules/<name> (api), <program>/features/<name> (web), <program>/<name>, or the file itself. */
export function folderOf(program, file) {
  const rest = file.slice(program.length + 1).split('/');
  if (rest.length === 1) return file;
  if ((rest[0] === 'modules' || rest[0] === 'features') && rest.length > 2)
    return `${program}/${rest[0]}/${rest[1]}`;
  return `${program}/${rest[0]}`;
}

const isTest = (file) => /\.(spec|test)\.tsx?$/.test(file) || file.includes('/testing/');

/** The folder graph of one program: folder → folders its files import (within the program). */
export function folderGraph(graph, program) {
  const folders = new Map();
  for (const [file, targets] of graph) {
    // A test may drive a folder above its own (a replay spec through the scanner): tests are not layers.
    if (!file.startsWith(`${program}/`) || isTest(file)) continue;
    const from = folderOf(program, file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) {
      if (!target.startsWith(`${program}/`)) continue;
      const to = folderOf(program, target);
      if (to !== from) folders.get(from).add(to);
    }
  }
  return folders;
}

/** One line per import that ties a cycle's members (a → b), to show where to cut. */
function ties(graph, members) {
  const inside = new Set(members);
  const out = [];
  for (const from of members)
    for (const to of graph.get(from) ?? []) if (inside.has(to)) out.push(`    ${from} -> ${to}`);
  return out;
}

export function check(root = repoRoot) {
  const graph = importGraph(root, [...SOURCE_ROOTS, ...OTHER_ROOTS]);
  const fileCycles = cycles(graph);
  const folderCycles = LAYERED_PROGRAMS.flatMap((program) => {
    const folders = folderGraph(graph, program);
    return cycles(folders).map((members) => ({ members, ties: ties(folders, members) }));
  });
  return {
    files: graph.size,
    fileCycles: fileCycles.map((members) => ({ members, ties: ties(graph, members) })),
    folderCycles,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = check();
  for (const c of result.fileCycles) console.error(`ciclo de imports entre arquivos:\n${c.ties.join('\n')}`);
  for (const c of result.folderCycles) console.error(`ciclo de imports entre pastas:\n${c.ties.join('\n')}`);
  const n = result.fileCycles.length + result.folderCycles.length;
  console.log(
    `${result.files} arquivos: ${result.fileCycles.length} ciclo(s) entre arquivos, ` +
      `${result.folderCycles.length} entre pastas.`,
  );
  process.exit(n === 0 ? 0 : 1);
}
