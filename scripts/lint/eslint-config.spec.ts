import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ROOTS, SOURCE_ROOTS } from './import-cycles.mjs';

// The architecture rules of eslint.config.js, checked on deliberate violations: the rule each file gets is read from
// the real configuration (calculateConfigForFile), then applied to a snippet.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function configFor(file: string): Promise<Linter.Config> {
  return (await eslint.calculateConfigForFile(path.join(root, file))) as Linter.Config;
}

async function ruleFor(file: string, rule: string): Promise<Linter.RuleEntry | undefined> {
  const config = await configFor(file);
  const entry = config.rules?.[rule];
  const level = Array.isArray(entry) ? entry[0] : entry;
  return level === undefined || level === 0 || level === 'off' ? undefined : entry;
}

function lint(code: string, rule: string, entry: Linter.RuleEntry): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { [rule]: entry } }],
      'x.ts',
    )
    .map((m) => m.message);
}

describe('lint: data access only through the repositories of @arbitra/db', () => {
  const feature = 'api/src/modules/bots/bots.service.ts';

  it('fails a feature file importing typeorm, pg, @nestjs/typeorm or the DataSource factory', async () => {
    const entry = (await ruleFor(feature, 'no-restricted-imports'))!;
    expect(entry).toBeDefined();
    for (const code of [
      `import { DataSource } from 'typeorm';`,
      `import type { EntityManager } from 'typeorm';`,
      `import pg from 'pg';`,
      `import { InjectDataSource } from '@nestjs/typeorm';`,
      `import { createDataSource } from '@arbitra/db';`,
    ]) {
      const messages = lint(code, 'no-restricted-imports', entry);
      expect(messages, code).toHaveLength(1);
      expect(messages[0]).toContain('repositórios de @arbitra/db');
    }
  });

  it('lets a feature file inject a repository', async () => {
    const entry = (await ruleFor(feature, 'no-restricted-imports'))!;
    expect(
      lint(`import { BotsRepository, type BotEntity } from '@arbitra/db';`, 'no-restricted-imports', entry),
    ).toEqual([]);
  });

  it('is the same in the engine and the CLI, and off where the DataSource is built (db package, DatabaseModules, tests)', async () => {
    for (const file of [
      'engine/src/execution/executions.processor.ts',
      'api/src/cli/setup.ts',
      'api/src/cli/seed.ts',
    ])
      expect(await ruleFor(file, 'no-restricted-imports'), file).toBeDefined();
    for (const file of [
      'packages/db/src/data-source.ts',
      'api/src/database/database.module.ts',
      'engine/src/database/database.module.ts',
      'api/test/trades.test.ts',
    ]) {
      expect(await ruleFor(file, 'no-restricted-imports'), file).toBeUndefined();
    }
  });
});

describe('lint: module boundaries', () => {
  it('cycles are the import-cycles check, over every TypeScript file eslint lints (import-x/no-cycle is off)', async () => {
    // The check (scripts/lint/import-cycles.mjs, its own spec) counts type imports too; eslint's rule did not, and
    // cost 5–18 % of the lint. Nothing may fall outside the check's folders.
    expect(
      await ruleFor('engine/src/execution/executions.processor.ts', 'import-x/no-cycle'),
    ).toBeUndefined();
    const roots = [...SOURCE_ROOTS, ...OTHER_ROOTS];
    const outside: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const file = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!['node_modules', 'dist', '.git', '.data', 'coverage'].includes(entry.name)) await walk(file);
        } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
          if (await eslint.isPathIgnored(path.join(root, file))) continue;
          if (!roots.some((r) => file === r || file.startsWith(`${r}/`))) outside.push(file);
        }
      }
    };
    await walk('');
    expect(outside).toEqual([]);
  });

  /** A file of every source folder: the global-module rule holds in all of them. */
  const everyFolder = [
    'api/src/app.module.ts',
    'api/src/modules/bots/bots.module.ts',
    'api/src/realtime/realtime.module.ts',
    'api/src/database/database.module.ts',
    'engine/src/engine.module.ts',
    'engine/src/execution/execution.module.ts',
    'packages/transport/src/browser-events.ts',
    'packages/db/src/data-source.ts',
    'web/src/main.tsx',
    'scripts/test-support/platform.ts',
    'bench/support.ts',
    'api/test/account.test.ts',
  ];

  it('@Global() on any module fails, in every source folder', async () => {
    for (const file of everyFolder) {
      const entry = (await ruleFor(file, 'no-restricted-syntax'))!;
      expect(entry, file).toBeDefined();
      const code = `declare const Global: () => ClassDecorator;\n@Global()\nexport class BotsModule {}\n`;
      const messages = lint(code, 'no-restricted-syntax', entry);
      expect(messages, file).toHaveLength(1);
      expect(messages[0]).toContain('Um módulo não é global');
      expect(lint(code.replace('@Global()\n', ''), 'no-restricted-syntax', entry)).toEqual([]);
    }
  });

  it('global: true fails in a dynamic module and in @Module, in every source folder', async () => {
    const dynamicModule = (flag: string) =>
      `import { Module, type DynamicModule } from '@nestjs/common';\n` +
      `@Module({})\nexport class AppModule {\n` +
      `  static forRoot(config: object): DynamicModule {\n` +
      `    return { module: AppModule,${flag} providers: [{ provide: 'CONFIG', useValue: config }], exports: ['CONFIG'] };\n` +
      `  }\n}\n`;
    const decorated = (flag: string) =>
      `import { Module } from '@nestjs/common';\n@Module({${flag} providers: [], exports: [] })\nexport class CoreModule {}\n`;
    for (const file of everyFolder) {
      const entry = (await ruleFor(file, 'no-restricted-syntax'))!;
      expect(entry, file).toBeDefined();
      for (const code of [
        dynamicModule(' global: true,'),
        dynamicModule(" 'global': true,"),
        dynamicModule(' global: isGlobal,'), // a flag computed elsewhere is the same hidden dependency
        decorated(' global: true,'),
        `export const jwt = JwtModule.register({ global: true, secret: 's' });\n`,
        `export const config = ConfigModule.forRoot({ isGlobal: true });\n`,
        `const m: DynamicModule = { module: AppModule };\nm.global = true;\n`,
      ]) {
        const messages = lint(code, 'no-restricted-syntax', entry);
        expect(messages, `${file}: ${code}`).toHaveLength(1);
        expect(messages[0]).toContain('Um módulo não é global');
      }
      // Without the flag the same modules pass; other keys and other objects are not touched.
      for (const code of [
        dynamicModule(''),
        decorated(''),
        `app.setGlobalPrefix('api', { exclude: ['metrics'] });\n`,
        `export const options = { globals: true, global: false, isGlobalAdmin: true };\n`,
        `export const flags = { global: 'g' };\n`,
      ])
        expect(lint(code, 'no-restricted-syntax', entry), `${file}: ${code}`).toEqual([]);
    }
  });

  it('a web feature importing another feature fails; its own files and shared lib do not', async () => {
    const file = 'web/src/features/bots/hooks/use-bots.ts';
    const entry = (await ruleFor(file, 'import-x/no-restricted-paths'))!;
    expect(entry).toBeDefined();
    const bad = lintFile(
      `import { x } from '../../trades/api/trades-api';\nexport const y = x;\n`,
      path.join(root, file),
      'import-x/no-restricted-paths',
      entry,
      root,
    );
    expect(bad).toHaveLength(1);
    expect(bad[0]).toContain('Uma feature não importa outra');
    const ok = lintFile(
      `import { a } from '../api/bots-api';\nimport { b } from '../../../lib/cn';\nexport const y = [a, b];\n`,
      path.join(root, file),
      'import-x/no-restricted-paths',
      entry,
      root,
    );
    expect(ok).toEqual([]);
  });
});

describe('lint: no exception to the architecture rules', () => {
  it('no source file turns off the data-access, cycle, zones or global-module rule', () => {
    const rules =
      /eslint-disable.*(no-restricted-imports|import-x\/no-cycle|import-x\/no-restricted-paths|no-restricted-syntax)/;
    const offenders: string[] = [];
    for (const dir of ['api/src', 'engine/src', 'packages', 'web/src']) {
      for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.parentPath.includes('node_modules'))
          continue;
        const file = path.join(entry.parentPath, entry.name);
        if (rules.test(readFileSync(file, 'utf8'))) offenders.push(path.relative(root, file));
      }
    }
    expect(offenders).toEqual([]);
  });
});

/** How the real configuration parses dependencies (import-x reads them from disk). */
let importSettings: Record<string, unknown> = {};
beforeAll(async () => {
  importSettings = (await configFor('engine/src/execution/executions.processor.ts')).settings ?? {};
});

/** One rule of the real configuration on a file on disk (rules that follow imports need real paths). */
function lintFile(
  code: string,
  filename: string,
  rule: string,
  entry: Linter.RuleEntry,
  cwd: string,
): string[] {
  const linter = new Linter({ configType: 'flat', cwd });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.tsx'],
          plugins: { 'import-x': importX as unknown as ESLint.Plugin },
          languageOptions: { parser: tseslint.parser },
          settings: { ...importSettings, 'import-x/resolver-next': [createTypeScriptImportResolver()] },
          rules: { [rule]: entry },
        },
      ],
      filename,
    )
    .map((m) => m.message);
}
