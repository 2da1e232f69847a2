import { Module, type DynamicModule } from '@nestjs/common';
import { EngineCommandsProcessor } from './commands/engine-commands.processor.js';
import { ENGINE_CONFIG, type EngineConfig } from './config/config.js';
import { engineIdentityProvider } from './publishing/engine-identity.js';
import { fabricProviders } from './publishing/fabric.providers.js';
import { HeartbeatService } from './publishing/heartbeat.service.js';
import { MetricsService } from './publishing/metrics.service.js';

@Module({})
export class EngineModule {
  static forRoot(config: EngineConfig): DynamicModule {
    return {
      module: EngineModule,
      providers: [
        { provide: ENGINE_CONFIG, useValue: config },
        engineIdentityProvider,
        ...fabricProviders,
        HeartbeatService,
        MetricsService,
        EngineCommandsProcessor,
      ],
    };
  }
}
