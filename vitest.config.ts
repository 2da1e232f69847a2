import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { LongWaitsFirst } from './scripts/test-support/sequencer.js';
import { REACT_API_PACKAGES } from './web/build/react-renderer.js';

/**
 * The web specs that mock a module (vi.mock), found by reading them, and one that replaces browser globals: each runs
 * in its own jsdom window and module graph (the others share one per worker, where a mock would leak).
 */
const webSrc = fileURLToPath(new URL('./web/src', import.meta.url));
const WEB_MOCKING_SPECS = [
  ...readdirSync(webSrc, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.spec\.tsx?$/.test(f) && readFileSync(path.join(webSrc, f), 'utf8').includes('vi.mock('))
    .map((f) => `src/${f.split(path.sep).join('/')}`),
  'src/features/security/components/security-page.spec.tsx',
];
/** Integration test files run at once (`INTEGRATION_WORKERS`, default 3; `npm test` says 2 beside the browser stage). */
const INTEGRATION_WORKERS = Math.max(1, Number(process.env.INTEGRATION_WORKERS) || 3);
/** Browser test files run at once (`E2E_WORKERS`, default 1). */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

/** The web specs' libraries on React's API run through Vite (web/vite.config.ts: REACT_ALIASES, the app's renderer). */
const webDeps = { inline: [new RegExp(`[\\\\/]node_modules[\\\\/]${REACT_API_PACKAGES.source.slice(1)}`)] };
/** Their ES modules, as the browser gets them (a package's 'node' entry is CommonJS, whose require() skips the aliases). */
const webConditions = ['module', 'browser', 'import', 'default'];

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Workspace packages resolve to their sources in tests, so no build is needed for unit tests. */
const alias = {
  '@arbitra/contracts': src('./packages/contracts/src/index.ts'),
  '@arbitra/db': src('./packages/db/src/index.ts'),
  '@arbitra/transport': src('./packages/transport/src/index.ts'),
};

// SWC keeps decorator metadata, which NestJS's dependency injection needs.
const nodePlugins = () => [
  swc.vite({
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
  }),
];

/**
 * The integration files load the platform as `npm start` runs it, from what the build wrote (api/dist, engine/dist,
 * packages/<name>/dist), loaded by Node itself, not its sources through Vite: each file imports the whole api and
 * engine, and through Vite that was ~3.6 s of every file's time. Sources without a build (engine/src/testing) stay
 * sources. The project's global setup runs the (incremental) build first (scripts/test-support/global-build.ts).
 */
const BUILT_SOURCE = /^(.*[\\/](?:api|engine|packages[\\/][a-z]+))[\\/]src[\\/](.+)\.ts$/;
const builtSources = (): Plugin => ({
  name: 'arbitra-built-sources',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || importer.includes('node_modules')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    const m = resolved ? BUILT_SOURCE.exec(resolved.id) : null;
    if (!m) return null;
    const built = path.join(m[1]!, 'dist', `${m[2]}.js`);
    return existsSync(built) ? built : null;
  },
});
const BUILT = /[\\/](?:api|engine|packages[\\/][a-z]+)[\\/]dist[\\/]/;

export default defineConfig({
  test: {
    reporters: ['default'],
    // The integration files that mostly wait (outages, kill -9) start first, so they overlap the rest.
    sequence: { sequencer: LongWaitsFirst },
    // The e2e global setup's teardown stops the whole platform (SIGINT, up to 20 s before SIGKILL): more than
    // vitest's 10 s default may be needed on a busy machine.
    teardownTimeout: 60_000,
    projects: [
      {
        plugins: nodePlugins(),
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          // One module graph per worker, not one per file: the specs share what they import (Nest, ccxt, decimal.js,
          // the contracts) instead of each file importing it again. No node spec mocks a module (vi.mock) or leaves a
          // global changed (the env and console spies are put back in afterAll/after the test); a spec that did
          // would leak into the files after it in the same worker.
          isolate: false,
          // Generous: a test waits on conditions, and a busy 2-core machine makes CPU-heavy ones slow.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: [
            'packages/*/src/**/*.spec.ts',
            'api/src/**/*.spec.ts',
            'engine/src/**/*.spec.ts',
            'bench/**/*.spec.ts',
            'scripts/lib/**/*.spec.ts',
            'scripts/lint/**/*.spec.ts',
          ],
        },
      },
      {
        extends: './web/vite.config.ts',
        resolve: { conditions: webConditions, mainFields: ['module', 'browser', 'main'] },
        ssr: { resolve: { conditions: webConditions } },
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['src/**/*.spec.{ts,tsx}'],
          exclude: WEB_MOCKING_SPECS,
          setupFiles: ['./src/testing/setup.ts'],
          server: { deps: webDeps },
          // One jsdom window and one module graph per worker, not one per file: building a jsdom window and
          // importing React, the router and TanStack Query again was most of each file's time. The setup file
          // unmounts what a test rendered and clears localStorage after each test; a spec that mocks a module
          // (vi.mock) runs in the isolated project below, so no mock leaks into the files after it.
          isolate: false,
        },
      },
      {
        extends: './web/vite.config.ts',
        resolve: { conditions: webConditions, mainFields: ['module', 'browser', 'main'] },
        ssr: { resolve: { conditions: webConditions } },
        test: {
          name: 'web-isolated',
          root: './web',
          environment: 'jsdom',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: WEB_MOCKING_SPECS,
          setupFiles: ['./src/testing/setup.ts'],
          server: { deps: webDeps },
        },
      },
      {
        plugins: [builtSources(), ...nodePlugins()],
        resolve: { alias },
        test: {
          name: 'integration',
          server: { deps: { external: [BUILT] } },
          environment: 'node',
          include: ['api/test/**/*.test.ts', 'engine/test/**/*.test.ts'],
          globalSetup: [
            './scripts/test-support/global-build.ts',
            './scripts/test-support/global-postgres.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          // Each file in its own process (vitest's default). `isolate: false` (one process per worker) passed a whole
          // run (624 s) but failed 4 files in the next clean-clone run (bot-locks, rate-budget, trades-brl,
          // socket-payload, and a MailDev file vanished): what one file leaves running slows or disturbs the next.
          // Three files at a time: the fault tests (restarts, SIGKILL, launcher failover) spend minutes waiting with
          // the CPU idle; a third worker overlaps them (clean run 687 s with 2 workers, 553 s with 3, all passing).
          // `npm test` runs two at a time beside the browser stage (INTEGRATION_WORKERS=2, scripts/test.mjs).
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['web/e2e/**/*.e2e.ts'],
          globalSetup: ['./web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // expect.poll's default deadline (1 s) is a fixed wait in disguise on a busy machine (security's session
          // list, the landing's plans, the phone menu's current page failed on it at load ~20): generous, like the
          // rest. A poll that states its own deadline keeps it.
          expect: { poll: { timeout: 15_000 } },
          // One file at a time unless E2E_WORKERS says more (E2E_WORKERS=2: two files against the one platform, each
          // with its own accounts and Chromium, the longest first: E2E_LONGEST in scripts/test-support/sequencer.ts).
          // Measured once at load ~30 (README, test notes): 1636 s against 2027 s one at a time, but 6 tests past
          // their deadlines and the admin's 'Trades hoje' counting other files' trades; not the default until a quiet
          // machine confirms it.
          fileParallelism: E2E_WORKERS > 1,
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
