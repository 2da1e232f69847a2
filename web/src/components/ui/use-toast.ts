import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const REMOVE_DELAY_MS = 300;
const MAX_TOASTS = 4;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

const NO_TOASTS: readonly ToastItem[] = [];
/** The prerendered page (src/prerender.tsx) and its hydration: no notification. */
const getServerSnapshot = (): readonly ToastItem[] => NO_TOASTS;

/** Shows a notification; callable from anywhere (mutations, event handlers). */
export function toast(input: ToastInput): number {
  const id = nextId++;
  set([...toasts, { ...input, id, open: true }].slice(-MAX_TOASTS));
  return id;
}

export function dismissToast(id: number): void {
  set(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => set(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

export function useToast() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}
