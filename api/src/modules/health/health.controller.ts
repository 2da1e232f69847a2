import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { MESSAGES } from '@arbitra/contracts';
import { Public } from '../../common/decorators/public.decorator.js';
import { PlatformHealthService, type ComponentCheck } from './platform-health.service.js';

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly platform: PlatformHealthService,
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
    // Anonymous callers learn each part's state (and the queue's backend), never internal counts or error texts.
    const indicator = async (check: Promise<ComponentCheck> | ComponentCheck) => {
      const c = await check;
      const session = this.indicators.check(c.name);
      const shown: Record<string, unknown> = c.name === 'queue' ? { backend: c.data.backend } : {};
      return c.status === 'up'
        ? session.up(shown)
        : session.down({ ...shown, message: MESSAGES.common.unavailable });
    };
    return this.health.check([
      () => indicator(this.platform.database()),
      () => indicator(this.platform.queue()),
      () => indicator(this.platform.engineCheck()),
    ]);
  }
}
