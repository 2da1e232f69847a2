import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Data access (docs/ARCHITECTURE.md "Data access"): TypeORM, pg and the DataSource live in packages/db. Outside it only
 * the two DatabaseModules (which build the repositories on their program's DataSource), the transports (BullMQ's and Socket.IO's Postgres backends, not data access), the
 * tests and their support, and the benchmarks may reach them. The CLI (migrate, seed, key rotation) opens the
 * database with openDatabase and writes through the repositories like everyone else.
 */
const DATA_ACCESS_MESSAGE =
  'Acesso a dados só pelos repositórios de @arbitra/db (packages/db/src/repositories): injete o repositório; ' +
  'um repositório novo entra em REPOSITORIES (packages/db/src/repositories/index.ts).';
export const dataAccessRule = [
  'error',
  {
    paths: [
      { name: 'typeorm', message: DATA_ACCESS_MESSAGE },
      { name: 'pg', message: DATA_ACCESS_MESSAGE },
      { name: '@nestjs/typeorm', message: DATA_ACCESS_MESSAGE },
      {
        name: '@arbitra/db',
        importNames: ['createDataSource', 'dataSourceOptions', 'runMigrations'],
        message: DATA_ACCESS_MESSAGE,
      },
    ],
  },
];
/** Each web feature (web/src/features/<name>) stands alone: shared code goes to components/, lib/ or contracts. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
export const featureZones = webFeatures.map((name) => ({
  target: `./web/src/features/${name}`,
  from: './web/src/features',
  except: [`./${name}`],
  message:
    'Uma feature não importa outra: mova o que é comum para web/src/components, web/src/lib ou @arbitra/contracts.',
}));

/**
 * A global module hides what a module depends on (a users <-> auth cycle hid behind `@Global()` once, an auth ->
 * realtime -> auth one later, and the roots' `global: true` handed config and transports to ~40 files): every module,
 * infrastructure and roots included, lists what it imports. Fails `@Global()`, and the dynamic-module flag in either
 * form: `global`/`isGlobal: true` in any object literal (a `DynamicModule`, `@Module({...})`, a library's
 * `register({ global: true })`), any `global` key in a dynamic module's literal (`{ module: X, global: flag }`), and
 * `x.global = true`.
 */
const NO_GLOBAL_MESSAGE =
  'Um módulo não é global (@Global(), global: true): declare em imports o que ele injeta (docs/ARCHITECTURE.md).';
const GLOBAL_KEY = '/^(global|isGlobal)$/';
export const noGlobalModuleRule = [
  'error',
  { selector: "Decorator[expression.callee.name='Global']", message: NO_GLOBAL_MESSAGE },
  {
    selector: `Property:matches([key.name=${GLOBAL_KEY}], [key.value=${GLOBAL_KEY}])[value.value=true]`,
    message: NO_GLOBAL_MESSAGE,
  },
  {
    selector: `ObjectExpression:has(> Property[key.name='module']) > Property:matches([key.name='global'], [key.value='global']):not([value.value=true])`,
    message: NO_GLOBAL_MESSAGE,
  },
  {
    selector: `AssignmentExpression[left.property.name=${GLOBAL_KEY}][right.value=true]`,
    message: NO_GLOBAL_MESSAGE,
  },
];

export const dataAccessAllowed = [
  'packages/db/**',
  'packages/transport/**',
  'api/src/database/**',
  'engine/src/database/**',
  'api/test/**',
  'engine/test/**',
  'scripts/**',
  'web/e2e/**',
  'bench/**',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Module boundaries: no web feature importing another. Import cycles are scripts/lint/import-cycles.mjs (every
    // file eslint lints, type imports included; `npm run lint` runs it): import-x/no-cycle, which skipped type
    // imports, cost 5–18 % of eslint's CPU (README, test notes) and is not run.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too (without this no-cycle sees no import in a .ts dependency).
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['./tsconfig.json', './web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: dataAccessAllowed,
    rules: { 'no-restricted-imports': dataAccessRule },
  },
  {
    // No global module anywhere: a module lists what it imports (docs/ARCHITECTURE.md "Module boundaries").
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': noGlobalModuleRule },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/test/**/*.ts',
      'web/e2e/**/*.ts',
      'scripts/test-support/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts the browser loads as they are (the /docs viewer's theme).
    files: ['web/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
);
