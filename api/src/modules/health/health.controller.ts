import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../../common/decorators/public.decorator.js';
import { EngineCommandsService } from '../engine-link/engine-commands.service.js';
import { EngineStatusService } from '../engine-link/engine-status.service.js';

const QUEUE_TIMEOUT_MS = 3_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms).unref())]);
}

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly commands: EngineCommandsService,
    private readonly engine: EngineStatusService,
  ) {}

  /** Liveness: the process answers. */
  @Get()
  alive() {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }

  /** Readiness: database, queue and engine heartbeat, each named with its state. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.db.pingCheck('database', { timeout: 2_000 }),
      async () => {
        const check = this.indicators.check('queue');
        try {
          const counts = await withTimeout(this.commands.counts(), QUEUE_TIMEOUT_MS);
          return check.up({ backend: this.commands.backend, ...counts });
        } catch (e) {
          return check.down({ backend: this.commands.backend, message: (e as Error).message });
        }
      },
      () => {
        const check = this.indicators.check('engine');
        const alive = this.engine.alive();
        const lastSeenMsAgo = this.engine.lastSeenMsAgo();
        return alive.length > 0
          ? check.up({ instances: alive.length, lastSeenMsAgo })
          : check.down({ instances: 0, lastSeenMsAgo, message: 'nenhum heartbeat recente do engine' });
      },
    ]);
  }
}
