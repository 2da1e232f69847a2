#!/usr/bin/env node
// Runs a TypeScript benchmark (or any .ts entry) of this repo with plain Node 20: bundles it with rolldown
// (present through vitest → vite 8; no extra dependency) into one ESM file under node_modules/.cache,
// resolving '@arbitra/contracts' to its sources, then runs it in a fresh `node` process.
//
//   node bench/run.mjs bench/detection.ts [args…]
//
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [entry = 'bench/detection.ts', ...args] = process.argv.slice(2);

let rolldown;
try {
  ({ rolldown } = await import('rolldown'));
} catch {
  console.error('rolldown not found (it comes with vitest → vite 8). Run `npm ci` at the repository root.');
  process.exit(1);
}

const outDir = resolve(root, 'node_modules/.cache/arbitra-bench');
mkdirSync(outDir, { recursive: true });
const outFile = resolve(outDir, basename(entry).replace(/\.ts$/, '.mjs'));
const external = new Set([
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  'ccxt',
  'decimal.js',
  'zod',
]);

const bundle = await rolldown({
  input: resolve(root, entry),
  platform: 'node',
  external: (id) => external.has(id) || id.startsWith('node:'),
  resolve: {
    alias: { '@arbitra/contracts': resolve(root, 'packages/contracts/src/index.ts') },
    extensionAlias: { '.js': ['.ts', '.js'] },
  },
  logLevel: 'warn',
});
await bundle.write({ file: outFile, format: 'esm', sourcemap: false });
await bundle.close();

const run = spawnSync(process.execPath, ['--expose-gc', outFile, ...args], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
