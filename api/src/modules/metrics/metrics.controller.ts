import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../common/decorators/public.decorator.js';
import { MetricsService } from './metrics.service.js';

/** Prometheus scrape endpoint at /metrics (outside the /api prefix). */
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, body } = await this.metrics.text();
    res.type(contentType).send(body);
  }
}
