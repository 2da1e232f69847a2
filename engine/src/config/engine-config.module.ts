import { Module } from '@nestjs/common';
import { BootScope } from '@arbitra/transport';
import { ENGINE_CONFIG, type EngineConfig } from './config.js';
import { ENGINE_IDENTITY, engineIdentityProvider } from './engine-identity.js';

const boot = new BootScope<EngineConfig>('EngineConfigModule');

/**
 * The engine's config (`ENGINE_CONFIG`) and identity (`ENGINE_IDENTITY`: instance id, start instant): a module that
 * injects either imports this module. Not global, and not a `forRoot`: the config is the one of the boot in progress
 * (`EngineConfigModule.boot`, called by createEngine around `NestFactory.createApplicationContext`; two engines of one
 * test process each get theirs), read by the factory below once per engine (packages/transport `boot-scope.ts` says
 * why).
 */
@Module({
  providers: [
    { provide: ENGINE_CONFIG, useFactory: (): EngineConfig => boot.current() },
    engineIdentityProvider,
  ],
  exports: [ENGINE_CONFIG, ENGINE_IDENTITY],
})
export class EngineConfigModule {
  /** Builds an engine (`create`: the `NestFactory.createApplicationContext` call and its init) with this config. */
  static boot<T>(config: EngineConfig, create: () => Promise<T>): Promise<T> {
    return boot.run(config, create);
  }
}
