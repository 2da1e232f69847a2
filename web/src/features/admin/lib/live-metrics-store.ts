import { LiveMetricsAggregate, exchangeName } from '@arbitra/contracts';
import { formatNumber } from '@/lib/format';

export type { LivePoint } from '@arbitra/contracts';

export interface LiveWarning {
  key: string;
  level: 'warning' | 'critical';
  text: string;
}

/** Thresholds the page warns at. */
export const THRESHOLDS = {
  feedStaleMs: 10_000,
  eventLoopLagMs: 100,
  cpuPercent: 85,
  httpErrorRate: 0.05,
  httpP99Ms: 1_000,
  detectionP99Ms: 50,
} as const;

/** The shared aggregate (packages/contracts: the api keeps the same 15 minutes) with the page's warnings. */
export class LiveMetricsState extends LiveMetricsAggregate {
  warnings(now: number): LiveWarning[] {
    const out: LiveWarning[] = [];
    const { live, silent } = this.processes(now);
    for (const s of silent) {
      const label = s.kind === 'engine' ? 'Motor' : 'API';
      out.push({
        key: `silent:${s.instanceId}`,
        level: 'critical',
        text: `${label} ${s.instanceId} sem sinal há ${Math.round((now - s.at) / 1000)} s`,
      });
    }
    for (const s of live) {
      for (const f of s.engine?.feeds ?? []) {
        if (f.status === 'down' || f.status === 'connecting') {
          out.push({
            key: `feed:${f.exchange}:${s.instanceId}`,
            level: 'critical',
            text: `Feed ${exchangeName(f.exchange)} ${f.status === 'down' ? 'fora do ar' : 'conectando'}${f.reason ? `: ${f.reason}` : ''}`,
          });
        } else if (f.lastUpdateAgeMs === null || f.lastUpdateAgeMs > THRESHOLDS.feedStaleMs) {
          out.push({
            key: `feed:${f.exchange}:${s.instanceId}`,
            level: 'warning',
            text: `Feed ${exchangeName(f.exchange)} sem atualização há mais de ${THRESHOLDS.feedStaleMs / 1000} s`,
          });
        } else if (f.status === 'degraded') {
          out.push({
            key: `feed:${f.exchange}:${s.instanceId}`,
            level: 'warning',
            text: `Feed ${exchangeName(f.exchange)} degradado${f.reason ? `: ${f.reason}` : ''}`,
          });
        }
      }
      if (s.process.eventLoopLagP99Ms > THRESHOLDS.eventLoopLagMs)
        out.push({
          key: `lag:${s.instanceId}`,
          level: 'warning',
          text: `Atraso do event loop em ${s.instanceId}: ${formatNumber(s.process.eventLoopLagP99Ms, 1)} ms (p99)`,
        });
      if (s.process.cpuPercent > THRESHOLDS.cpuPercent)
        out.push({
          key: `cpu:${s.instanceId}`,
          level: 'warning',
          text: `CPU de ${s.instanceId} em ${Math.round(s.process.cpuPercent)}%`,
        });
      if (s.db.poolWaiting > 0)
        out.push({
          key: `pool:${s.instanceId}`,
          level: 'warning',
          text: `${s.db.poolWaiting} consulta(s) esperando conexão em ${s.instanceId}`,
        });
      if (s.http && s.http.errorRate > THRESHOLDS.httpErrorRate)
        out.push({
          key: `err:${s.instanceId}`,
          level: 'critical',
          text: `Taxa de erros HTTP em ${formatNumber(s.http.errorRate * 100, 1)}%`,
        });
      if (s.http?.p99Ms != null && s.http.p99Ms > THRESHOLDS.httpP99Ms)
        out.push({
          key: `p99:${s.instanceId}`,
          level: 'warning',
          text: `HTTP p99 em ${formatNumber(Math.round(s.http.p99Ms), 0)} ms`,
        });
      const det = s.engine?.detectionP99Ms;
      if (det != null && det > THRESHOLDS.detectionP99Ms)
        out.push({
          key: `det:${s.instanceId}`,
          level: 'warning',
          text: `Latência de detecção p99 em ${formatNumber(det, 1)} ms`,
        });
    }
    // Failed jobs rising: more failed jobs now than a minute ago.
    const minuteAgo = this.history.find((p) => p.t >= now - 60_000);
    const last = this.history[this.history.length - 1];
    if (minuteAgo && last && last.queueFailed > minuteAgo.queueFailed) {
      out.push({
        key: 'failed-rising',
        level: 'warning',
        text: `Jobs com falha aumentando: +${last.queueFailed - minuteAgo.queueFailed} no último minuto (${last.queueFailed} no total)`,
      });
    }
    return out;
  }
}
