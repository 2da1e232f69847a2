import 'reflect-metadata';
import { Inject, Injectable, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { ENGINE_CONFIG, parseEngineConfig, type EngineConfig } from './config.js';
import { EngineConfigModule } from './engine-config.module.js';
import { ENGINE_IDENTITY, type EngineIdentity } from './engine-identity.js';

// How Nest resolves the config without a global module: a feature module imports EngineConfigModule (the class) and
// gets the config of the boot it is part of.

const config = (id: string): EngineConfig =>
  parseEngineConfig({ DATABASE_URL: 'postgres://unused/db', ENGINE_INSTANCE_ID: id, LOG_LEVEL: 'silent' });

@Injectable()
class Reader {
  constructor(
    @Inject(ENGINE_CONFIG) readonly config: EngineConfig,
    @Inject(ENGINE_IDENTITY) readonly identity: EngineIdentity,
  ) {}
}

@Module({ imports: [EngineConfigModule], providers: [Reader], exports: [Reader] })
class FeatureModule {}

@Module({ imports: [EngineConfigModule, FeatureModule] })
class RootModule {}

const boot = (c: EngineConfig) =>
  EngineConfigModule.boot(c, () => NestFactory.createApplicationContext(RootModule, { logger: false }));

describe('EngineConfigModule: the config without a global module', () => {
  it('gives a feature module that imports it the config of its own boot, two engines booted at once', async () => {
    const [one, two] = await Promise.all([boot(config('engine-1')), boot(config('engine-2'))]);
    try {
      for (const [app, id] of [
        [one, 'engine-1'],
        [two, 'engine-2'],
      ] as const) {
        const reader = app.get(Reader);
        expect(reader.config.ENGINE_INSTANCE_ID).toBe(id);
        expect(reader.identity.instanceId).toBe(id);
        // One config and one identity per engine: the root and the feature module share them.
        expect(app.get(ENGINE_CONFIG)).toBe(reader.config);
        expect(app.get(ENGINE_IDENTITY)).toBe(reader.identity);
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('fails the boot of a module that injects the config without importing EngineConfigModule', async () => {
    @Module({ providers: [Reader] })
    class Forgetful {}
    @Module({ imports: [EngineConfigModule, Forgetful] })
    class Root {}
    await expect(
      EngineConfigModule.boot(config('engine-1'), () =>
        NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false }),
      ),
    ).rejects.toThrow(/Reader/);
  });

  it('is needed: a forRoot dynamic module is another module than the class the feature modules import', async () => {
    // What a `forRoot(config)` without `global: true` would give: the root's providers never reach FeatureModule.
    @Module({})
    class ConfigByForRoot {
      static forRoot(c: EngineConfig): DynamicModule {
        return {
          module: ConfigByForRoot,
          providers: [{ provide: ENGINE_CONFIG, useValue: c }],
          exports: [ENGINE_CONFIG],
        };
      }
    }
    @Injectable()
    class ConfigReader {
      constructor(@Inject(ENGINE_CONFIG) readonly config: EngineConfig) {}
    }
    @Module({ imports: [ConfigByForRoot], providers: [ConfigReader] })
    class Feature {}
    @Module({ imports: [ConfigByForRoot.forRoot(config('engine-1')), Feature] })
    class Root {}
    await expect(
      NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false }),
    ).rejects.toThrow(/ConfigReader/);
  });

  it('refuses to build outside a boot (createEngine), saying so', async () => {
    await expect(
      NestFactory.createApplicationContext(RootModule, { logger: false, abortOnError: false }),
    ).rejects.toThrow(/EngineConfigModule instanciado fora do boot/);
  });
});
