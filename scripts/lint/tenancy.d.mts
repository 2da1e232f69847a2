/** Types of tenancy.mjs (the tenancy lint). */
export const OWNED_TABLES: string[];
export const OWNED_CHILDREN: string[];
export const NOT_TENANT: Record<string, string>;
export function tablesWithUserId(root?: string): string[];
export function methodsOf(
  text: string,
): { name: string; methods: { name: string; hidden: boolean; signature: string; body: string }[] }[];
export function checkedClasses(specText: string): Map<string, string[]>;
export function checkTenancy(root?: string): {
  unknownOwnedTables: string[];
  unchecked: string[];
  withoutOwner: string[];
};
