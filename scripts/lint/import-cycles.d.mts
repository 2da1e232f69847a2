/** Types of import-cycles.mjs (the import graph and its cycles). */
export type Graph = Map<string, Set<string>>;
export interface Cycle {
  members: string[];
  ties: string[];
}
export const SOURCE_ROOTS: string[];
export const LAYERED_PROGRAMS: string[];
export const OTHER_ROOTS: string[];
export function resolveSpecifier(root: string, from: string, specifier: string): string | undefined;
export function importGraph(root?: string, roots?: string[]): Graph;
export function cycles(graph: Graph): string[][];
export function folderOf(program: string, file: string): string;
export function folderGraph(graph: Graph, program: string): Graph;
export function check(root?: string): { files: number; fileCycles: Cycle[]; folderCycles: Cycle[] };
