import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, cycles, folderGraph, folderOf, importGraph } from './import-cycles.mjs';

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
    const found = cycles(importGraph(root, ['engine/src']));
    expect(found).toEqual([['engine/src/execution/effects.ts', 'engine/src/execution/ledger.ts']]);
  });

  it('finds two folders of the api importing each other through different files, and none without the way back', () => {
    const files = {
      'api/src/modules/auth/sessions.ts': `import { push } from '../../realtime/port.js';\nexport const s = push;\n`,
      'api/src/realtime/gateway.ts': `export type { X } from '../modules/auth/types.js';\n`,
      'api/src/realtime/port.ts': `export const push = 1;\n`,
      'api/src/modules/auth/types.ts': `export type X = number;\n`,
    };
    const graph = importGraph(tree(files), ['api/src']);
    expect(cycles(graph)).toEqual([]);
    expect(cycles(folderGraph(graph, 'api/src'))).toEqual([['api/src/modules/auth', 'api/src/realtime']]);
    const apart = importGraph(tree({ ...files, 'api/src/realtime/gateway.ts': 'export {};\n' }), ['api/src']);
    expect(cycles(folderGraph(apart, 'api/src'))).toEqual([]);
  });

  it('a folder is a module of the api, a feature of the web, or the first folder under src', () => {
    expect(folderOf('api/src', 'api/src/modules/auth/auth.guard.ts')).toBe('api/src/modules/auth');
    expect(folderOf('web/src', 'web/src/features/bots/hooks/use-bots.ts')).toBe('web/src/features/bots');
    expect(folderOf('engine/src', 'engine/src/execution/testing/x.ts')).toBe('engine/src/execution');
    expect(folderOf('api/src', 'api/src/main.ts')).toBe('api/src/main.ts');
  });

  it('counts the tests, scripts and benchmarks too (a test importing its support and back)', () => {
    const files = {
      'api/test/bots.test.ts': `import { seedBots } from './support/bots.js';\nseedBots();\n`,
      'api/test/support/bots.ts': `import type { X } from '../bots.test.js';\nexport const seedBots = (x?: X) => x;\n`,
      'scripts/test-support/a.ts': `import { b } from './b.js';\nexport const a = b;\n`,
      'scripts/test-support/b.ts': `export { a as b } from './a.js';\n`,
    };
    expect(check(tree(files)).fileCycles.map((c) => c.members)).toEqual([
      ['api/test/bots.test.ts', 'api/test/support/bots.ts'],
      ['scripts/test-support/a.ts', 'scripts/test-support/b.ts'],
    ]);
  });

  it('the repository has none', () => {
    const result = check();
    expect(result.fileCycles).toEqual([]);
    expect(result.folderCycles).toEqual([]);
  });
});
