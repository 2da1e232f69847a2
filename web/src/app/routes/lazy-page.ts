import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export: lazyPage(() => import('./x'), 'XPage'). */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
