import { describe, expect, it } from 'vitest';
import { BootScope } from './boot-scope.js';

describe('BootScope: the value a boot is built with', () => {
  it('gives each boot its own value, even two boots at once, through every await', async () => {
    const scope = new BootScope<{ id: string }>('TestConfigModule');
    const boot = (id: string) =>
      scope.run({ id }, async () => {
        const seen = [scope.current().id];
        await new Promise((r) => setTimeout(r, 5));
        seen.push(scope.current().id);
        await Promise.resolve();
        seen.push(scope.current().id);
        return seen;
      });
    expect(await Promise.all([boot('engine-1'), boot('engine-2')])).toEqual([
      ['engine-1', 'engine-1', 'engine-1'],
      ['engine-2', 'engine-2', 'engine-2'],
    ]);
  });

  it('refuses to answer outside a boot, naming the module', () => {
    const scope = new BootScope<{ id: string }>('TestConfigModule');
    expect(() => scope.current()).toThrow(/TestConfigModule instanciado fora do boot/);
  });
});
