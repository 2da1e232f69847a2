import { fileURLToPath } from 'node:url';

const preact = (file: string) => fileURLToPath(new URL(`../../node_modules/preact/${file}`, import.meta.url));
/**
 * The app is written against React's API (its types, hooks, the libraries below) and rendered in the browser by
 * Preact through preact/compat (issue 33: react-dom was ~55 KB of the ~110 KB of script on / and /login, and its
 * evaluation the longest task of a throttled phone's first load; Preact's is a tenth of it). Every import of react,
 * react-dom or react-is, the app's and the libraries', resolves here: the build, the prerender and the web specs
 * (vitest.config.ts: the web projects extend web/vite.config.ts, which reads this file) run the same renderer.
 */
export const REACT_ALIASES = [
  { find: /^react(-dom)?$/, replacement: preact('compat/dist/compat.mjs') },
  { find: /^react-dom\/client$/, replacement: preact('compat/client.mjs') },
  { find: /^react-dom\/test-utils$/, replacement: preact('test-utils/dist/testUtils.mjs') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: preact('compat/jsx-runtime.mjs') },
  // recharts reads isFragment from react-is: Preact's fragments, not React's.
  { find: /^react-is$/, replacement: preact('compat/dist/compat.mjs') },
];
/**
 * The packages built on React's API: where Node would load them as they are (the prerender's Vite server, the web
 * specs), they go through Vite instead, so their imports of react meet REACT_ALIASES. Matched against a package
 * name (ssr.noExternal) or, under node_modules/, a file's path (vitest's server.deps.inline).
 */
export const REACT_API_PACKAGES =
  /^(@radix-ui\/|@floating-ui\/react-dom|@reduxjs\/toolkit|@tanstack\/react-query|@testing-library\/react|lucide-react|react-|recharts|use-callback-ref|use-sidecar|use-sync-external-store)/;
