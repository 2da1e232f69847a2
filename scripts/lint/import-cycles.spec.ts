import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without typings
import { check, cycles, folderGraph, importGraph } from './import-cycles.mjs';

type Graph = Map<string, Set<string>>;
const typed = { check, cycles, folderGraph, importGraph } as {
  check: () => { fileCycles: unknown[]; folderCycles: unknown[] };
  cycles: (g: Graph) => string[][];
  folderGraph: (g: Graph, program: string) => Graph;
  importGraph: (root: string, roots: string[]) => Graph;
};

const dirs: string[] = [];
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'arbitra-cycles-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('lint: no import cycle, type imports included', () => {
  it('finds two files tied by a value import one way and an `import type` the other', () => {
    const root = tree({
      'engine/src/execution/ledger.ts': `import { plan } from './effects.js';\nexport const run = () => plan();\n`,
      'engine/src/execution/effects.ts': `import type { Row } from './ledger.js';\nexport const plan = (r?: Row) => r;\n`,
    });
    const found = typed.cycles(typed.importGraph(root, ['engine/src']));
    expect(found).toEqual([['engine/src/execution/effects.ts', 'engine/src/execution/ledger.ts']]);
  });

  it('finds two folders of the api importing each other through different files, and none without the way back', () => {
    const files = {
      'api/src/modules/auth/sessions.ts': `import { push } from '../../realtime/port.js';\nexport const s = push;\n`,
      'api/src/realtime/gateway.ts': `export type { X } from '../modules/auth/types.js';\n`,
      'api/src/realtime/port.ts': `export const push = 1;\n`,
      'api/src/modules/auth/types.ts': `export type X = number;\n`,
    };
    const graph = typed.importGraph(tree(files), ['api/src']);
    expect(typed.cycles(graph)).toEqual([]);
    expect(typed.cycles(typed.folderGraph(graph, 'api/src'))).toEqual([
      ['api/src/modules/auth', 'api/src/realtime'],
    ]);
    const apart = typed.importGraph(tree({ ...files, 'api/src/realtime/gateway.ts': 'export {};\n' }), [
      'api/src',
    ]);
    expect(typed.cycles(typed.folderGraph(apart, 'api/src'))).toEqual([]);
  });

  it('the repository has none', () => {
    const result = typed.check();
    expect(result.fileCycles).toEqual([]);
    expect(result.folderCycles).toEqual([]);
  });
});
