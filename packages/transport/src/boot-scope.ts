import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one Nest boot of a process is built with (its validated config; the api's logger too), for the providers of
 * that program's config module (`ApiConfigModule`, `EngineConfigModule`), so that no module is global.
 *
 * Why not a `forRoot(config)`: feature modules import the config module's class, and Nest keeps a static class and a
 * dynamic module built from it (`{ module: X, providers }`) as two different modules: the feature modules would get
 * the class's providers, never the root's. So the config module is a static module whose provider factories call
 * `current()`, and the program builds its app inside `run(value, boot)`: Nest instantiates every (singleton)
 * provider during `NestFactory.create…`, within that call. An AsyncLocalStorage, not a variable: two apps built at
 * once in one process (the tests start engines and an api side by side) each read their own value.
 */
export class BootScope<T> {
  private readonly storage = new AsyncLocalStorage<T>();

  /** `owner`: the module whose providers read the value (named in the error below). */
  constructor(private readonly owner: string) {}

  /** Builds an app (`boot`: the `NestFactory.create…` call) with `value`. */
  run<R>(value: T, boot: () => Promise<R>): Promise<R> {
    return this.storage.run(value, boot);
  }

  /** The value of the boot in progress; only the config module's provider factories call it. */
  current(): T {
    const value = this.storage.getStore();
    if (value === undefined)
      throw new Error(
        `${this.owner} instanciado fora do boot do seu programa: crie o app pela função de bootstrap (createApiApp / createEngine).`,
      );
    return value;
  }
}
