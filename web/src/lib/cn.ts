import { clsx, type ClassValue } from 'clsx';
import table from 'virtual:class-merge-table';
import { classMerger } from './class-merge';

const merge = classMerger(table);

/** Joins class names and lets later Tailwind utilities win over earlier ones (tailwind-merge's rules, see class-merge.ts). */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
