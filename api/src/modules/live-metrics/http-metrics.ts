import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram } from 'prom-client';
import type { LiveHttpStats } from '@arbitra/contracts';
import { quantile, SlidingWindow } from '@arbitra/transport';
import { MetricsService } from '../metrics/metrics.service.js';

const WINDOW_SECONDS = 10;

/** HTTP requests of this api process: a 10-s window for the live metrics, and Prometheus counters. */
@Injectable()
export class HttpMetrics {
  private readonly all = new SlidingWindow(WINDOW_SECONDS);
  private readonly errors = new SlidingWindow(WINDOW_SECONDS, 0);
  private readonly requests: Counter;
  private readonly duration: Histogram;

  constructor(metrics: MetricsService) {
    this.requests = new Counter({
      name: 'arbitra_api_http_requests_total',
      help: 'HTTP requests answered, per status class',
      labelNames: ['status'],
      registers: [metrics.registry],
    });
    this.duration = new Histogram({
      name: 'arbitra_api_http_request_duration_seconds',
      help: 'HTTP request duration',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [metrics.registry],
    });
  }

  record(status: number, ms: number, now = Date.now()): void {
    this.all.record(ms, now);
    if (status >= 500) this.errors.record(undefined, now);
    this.requests.inc({ status: `${Math.floor(status / 100)}xx` });
    this.duration.observe(ms / 1000);
  }

  read(now = Date.now()): LiveHttpStats {
    const all = this.all.read(now);
    const errors = this.errors.read(now).count;
    return {
      requestsPerSecond: Math.round((all.count / WINDOW_SECONDS) * 10) / 10,
      errorRate: all.count === 0 ? 0 : errors / all.count,
      p99Ms: quantile(all.values, 0.99),
    };
  }
}

/** Times every HTTP request (O(1) on 'finish'). */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: HttpMetrics) {}

  use(_req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    res.once('finish', () => this.metrics.record(res.statusCode, performance.now() - started));
    next();
  }
}
