import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MESSAGES } from '@arbitra/contracts';
import { Public } from '../../common/decorators/public.decorator.js';
import { forbidden, unauthorized } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { MetricsService } from './metrics.service.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Prometheus scrape endpoint at /metrics (outside the /api prefix). Not public: it answers only to
 * `Authorization: Bearer <METRICS_TOKEN>` (403 to everyone while METRICS_TOKEN is unset). docs/observability.md.
 * Not in the REST reference (/docs): a Prometheus text scrape, not part of the JSON API — and Swagger UI 5 as served
 * here renders only the first 4 operations once the document has more than 100 paths (found 2026-11-28 by bisecting
 * the document in Chromium: 100 paths render all 120 operations, any 101st stops it; cause inside Swagger UI not found).
 */
@ApiExcludeController()
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const expected = this.config.METRICS_TOKEN;
    if (!expected) throw forbidden('metrics_disabled', MESSAGES.metrics.disabled);
    const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(expected))) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw unauthorized('metrics_token', MESSAGES.metrics.badToken);
    }
    const { contentType, body } = await this.metrics.text();
    res.type(contentType).send(body);
  }
}
