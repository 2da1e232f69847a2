import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { AdminUsersRepository, RevenueReportingRepository } from '@arbitra/db';
import {
  PLANS,
  type AdminOverview,
  type AdminRevenueReport,
  type AdminSecurityStats,
} from '@arbitra/contracts';
import { MarketStateService } from '../market/market-state.service.js';
import { csvFile, decimalComma, formatCsvDate, saoPauloDay, textCell } from '../trades/trades-csv.js';
import { AdminUsersService } from './admin-users.service.js';

const REVENUE_CSV_COLUMNS = [
  'Data',
  'Usuário',
  'Email',
  'Plano',
  'Ciclo',
  'Tipo',
  'Método',
  'Valor (R$)',
  'Status',
  'Aprovado em',
  'Reembolsado em',
  'Fatura',
];
const KIND_LABELS: Record<string, string> = {
  new: 'Nova assinatura',
  renewal: 'Renovação',
  upgrade: 'Upgrade',
  grant: 'Concessão',
};
const METHOD_LABELS: Record<string, string> = {
  card: 'Cartão',
  pix: 'PIX',
  boleto: 'Boleto',
  grant: 'Concessão',
};
const STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  declined: 'Recusado',
  expired: 'Expirado',
  refunded: 'Reembolsado',
};

/** The figures of /admin (overview), /admin/revenue and /admin/security, from the database. */
@Injectable()
export class AdminReportsService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly revenue: RevenueReportingRepository,
    private readonly adminUsers: AdminUsersService,
    private readonly market: MarketStateService,
  ) {}

  async overview(now = new Date()): Promise<AdminOverview> {
    const f = await this.users.overview(now);
    const recurring = await this.revenue.recurring(now);
    const months = await this.revenue.byMonth(12, now);
    const stats = this.market.snapshot(now.getTime()).stats;
    return {
      users: { total: f.usersTotal, newLast30Days: f.usersNew30 },
      subscriptions: f.subscriptions,
      mrrCents: recurring.mrrCents,
      arrCents: recurring.arrCents,
      bots: f.bots,
      tradesToday: {
        count: f.tradesToday.count,
        volumeUsdt: new Decimal(f.tradesToday.volumeUsdt).toFixed(2),
        volumeBrlCents:
          f.tradesToday.volumeBrl === null
            ? null
            : new Decimal(f.tradesToday.volumeBrl).mul(100).round().toNumber(),
      },
      opportunitiesOpen: stats ? stats.activeOpportunities : null,
      userGrowth: f.userGrowth,
      revenueByMonth: months.map((m) => ({ month: m.month, revenueCents: m.revenueCents })),
      planDistribution: f.planDistribution,
      recentUsers: await this.adminUsers.recent(8),
    };
  }

  revenueReport(months: number, now = new Date()): Promise<AdminRevenueReport> {
    return this.revenue.report(months, now);
  }

  /** Every charge of the range, in the trades CSV's format (DECISIONS §9). */
  async revenueCsv(months: number, now = new Date()): Promise<{ filename: string; csv: string }> {
    const rows = await this.revenue.charges(months, now);
    const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;
    const csv = csvFile(
      REVENUE_CSV_COLUMNS,
      rows.map((r) => [
        formatCsvDate(r.createdAt),
        textCell(r.userName),
        textCell(r.userEmail),
        planName(r.planId),
        r.billing === 'yearly' ? 'Anual' : 'Mensal',
        KIND_LABELS[r.kind] ?? r.kind,
        METHOD_LABELS[r.method] ?? r.method,
        decimalComma(new Decimal(r.amountCents).div(100), 2),
        STATUS_LABELS[r.status] ?? r.status,
        r.approvedAt ? formatCsvDate(r.approvedAt) : '',
        r.refundedAt ? formatCsvDate(r.refundedAt) : '',
        textCell(r.invoiceNumber ?? ''),
      ]),
    );
    return { filename: `receita_${saoPauloDay(now)}.csv`, csv };
  }

  async securityStats(days: number, now = new Date()): Promise<AdminSecurityStats> {
    return { days: await this.users.securityStats(days, now) };
  }
}
