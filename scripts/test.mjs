#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, with the counts printed at the end.
 * build → audit (production dependencies, high/critical) → lint (eslint, then import cycles, then tenancy) → typecheck → unit (node + web) → integration (real Postgres, and Redis when
 * reachable) → browser (the platform started as `npm start` does, driven in Debian Chromium).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reportDir = mkdtempSync(path.join(tmpdir(), 'arbitra-test-'));
const results = [];

function step(name, cmd, args, { vitestReport } = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━ ${[path.basename(cmd), ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const result = { name, ok: r.status === 0, seconds };
  if (vitestReport && existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    result.counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
    // A failed test fails the step whatever the exit code says.
    if (report.numFailedTests > 0 || report.numFailedTestSuites > 0 || report.success === false) result.ok = false;
  } else if (vitestReport) {
    result.ok = false;
  }
  results.push(result);
  return result.ok;
}

function vitest(name, projects) {
  const out = path.join(reportDir, `${name}.json`);
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  return step(name, bin('vitest'), args, { vitestReport: out });
}

/**
 * `npm audit --omit=dev`: fails on a high or critical advisory in what ships. When the advisory
 * service cannot be reached (offline, or a registry mirror without the audit endpoint) the step
 * says so and is counted as skipped, not passed.
 */
function audit() {
  const started = Date.now();
  console.log('\n━━ audit ━━ npm audit --omit=dev --audit-level=high');
  const r = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { cwd: root, encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.message ?? r.stderr.trim().split('\n').pop() ?? 'sem resposta';
    console.warn(`AVISO: auditoria indisponível (${why}). Rode \`npm audit --omit=dev\` com acesso ao registro.`);
    results.push({ name: 'audit', ok: true, seconds, counts: { passed: 0, failed: 0, skipped: 1 } });
    return true;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  if (serious > 0) spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { cwd: root, stdio: 'inherit' });
  console.log(`vulnerabilidades em produção: ${JSON.stringify(counts)}`);
  results.push({ name: 'audit', ok: serious === 0, seconds });
  return serious === 0;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ok =
  step('build', 'npm', ['run', 'build', '--silent']) &&
  audit() &&
  step('lint', bin('eslint'), ['.', '--max-warnings=0']) &&
  step('import cycles', 'node', ['scripts/lint/import-cycles.mjs']) &&
  step('tenancy', 'node', ['scripts/lint/tenancy.mjs']) &&
  step('typecheck', 'npm', ['run', 'typecheck', '--silent']) &&
  [vitest('unit', ['unit', 'web']), vitest('integration', ['integration'])].every(Boolean) &&
  (existsSync(chromium) || (console.error(`Chromium não encontrado em ${chromium}: apt-get install -y chromium`), false)) &&
  vitest('e2e', ['e2e']);

console.log('\n━━ resumo ━━');
for (const r of results) {
  const counts = r.counts ? `  ${r.counts.passed} passaram, ${r.counts.failed} falharam, ${r.counts.skipped} pulados` : '';
  console.log(`${r.ok ? 'ok   ' : 'FALHA'} ${r.name.padEnd(12)} ${String(r.seconds).padStart(6)} s${counts}`);
}
const total = results.reduce((a, r) => a + (r.counts?.passed ?? 0), 0);
console.log(`${total} testes passaram no total.`);
rmSync(reportDir, { recursive: true, force: true });
process.exit(ok && results.every((r) => r.ok) ? 0 : 1);
