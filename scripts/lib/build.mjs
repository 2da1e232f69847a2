import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function run(root, cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} falhou (código ${r.status})`);
}

/**
 * Builds what is out of date: the server code with `tsc -b` (incremental) and the web app
 * when its sources are newer than web/dist. Returns what was rebuilt (the web app or nothing).
 */
export function buildIfNeeded(root, log) {
  const rebuilt = [];
  // tsc -b is incremental: a no-op takes well under a second.
  log('Compilando api, engine e pacotes (tsc -b, incremental)...');
  const serverDists = ['packages/contracts', 'packages/transport', 'packages/db', 'api', 'engine'];
  run(root, path.join(root, 'node_modules/.bin/tsc'), ['-b', ...serverDists]);
  const webIndex = path.join(root, 'web/dist/index.html');
  const webSrc = Math.max(
    newestMtime(path.join(root, 'web/src')),
    newestMtime(path.join(root, 'web/index.html')),
    newestMtime(path.join(root, 'web/vite.config.ts')),
    newestMtime(path.join(root, 'packages/contracts/src')),
  );
  if (!existsSync(webIndex) || webSrc > statSync(webIndex).mtimeMs) {
    log('Gerando o app web (vite build)...');
    run(root, path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', path.join(root, 'web')]);
    rebuilt.push('web');
  }
  return rebuilt;
}
