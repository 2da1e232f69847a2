// tiny loader: transpile given TS files with typescript and run
import ts from 'typescript';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
const [, , src, out] = process.argv;
const js = ts.transpileModule(readFileSync(src, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
writeFileSync(out, js);
