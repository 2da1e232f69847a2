/** Modules made by the build's plugins (web/vite.config.ts). */
declare module 'virtual:class-merge-table' {
  const table: import('./lib/class-merge').ClassMergeTable;
  export default table;
}
