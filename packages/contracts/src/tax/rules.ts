/**
 * THE tax rules of the 'Impostos' report (issue 15 §3), in one file: each rule with its legal source and the
 * period it applies to, so a change in the law is a change here (and in the unit tests that pin its figures).
 *
 * Money is integer centavos (bigint) or an exact decimal string; never a binary float.
 * Months are 'YYYY-MM' in America/Sao_Paulo (the taxpayer's calendar).
 *
 * This is an aid for the user's accountant, not tax advice (TAX_NOTICE, shown on every page of the report).
 */

export const TAX_NOTICE = 'Este relatório é uma ajuda para o seu contador, não uma orientação fiscal.';

/** A rule in force from `from` (inclusive) until `until` (inclusive; null = still in force), months 'YYYY-MM'. */
export interface DatedRule<T> {
  from: string;
  until: string | null;
  source: string;
  value: T;
}

function ruleFor<T>(rules: readonly DatedRule<T>[], month: string, what: string): DatedRule<T> {
  const rule = rules.find((r) => r.from <= month && (r.until === null || month <= r.until));
  if (!rule) throw new RangeError(`nenhuma regra de ${what} para ${month}`);
  return rule;
}

// ── 1. Monthly exemption ───────────────────────────────────────────────────────────────────────────────────
/**
 * Gains on the sale of crypto-assets are exempt in a month whose total SALES (every crypto-asset sold in the
 * month, all exchanges together; purchases do not count) do not exceed R$ 35.000,00.
 * Source: Lei 9.250/1995, art. 22 (small-value sales of the same kind of asset, limit raised to R$ 35.000,00
 * by the Lei 11.196/2005, art. 38), applied to crypto-assets by the Receita Federal (Perguntas e Respostas
 * IRPF, ganho de capital; IN RFB 1.888/2019 context). The limit is "up to": exactly R$ 35.000,00 is exempt.
 */
export const EXEMPTION_RULES: readonly DatedRule<{ limitCents: bigint }>[] = [
  {
    from: '2006-01',
    until: null,
    source:
      'Lei 9.250/1995, art. 22 (redação da Lei 11.196/2005, art. 38); Perguntas e Respostas IRPF (criptoativos)',
    value: { limitCents: 3_500_000n },
  },
];
export const exemptionFor = (month: string) => ruleFor(EXEMPTION_RULES, month, 'isenção');

// ── 2. Progressive rates on the month's taxable gain ────────────────────────────────────────────────────────
/**
 * Each rate applies to the PORTION of the month's taxable gain within its bracket (as the law words it:
 * "sobre a parcela dos ganhos que ..."). Source: Lei 8.981/1995, art. 21, as amended by Lei 13.259/2016,
 * art. 1º (in force for gains from 1 January 2017).
 */
export interface RateBracket {
  /** Upper bound of the bracket in centavos (null = no bound). */
  upToCents: bigint | null;
  /** Rate in basis points per 10,000 (1500 = 15 %). */
  rateBp: bigint;
  label: string;
}
export const RATE_RULES: readonly DatedRule<readonly RateBracket[]>[] = [
  {
    from: '2017-01',
    until: null,
    source: 'Lei 8.981/1995, art. 21 (redação da Lei 13.259/2016, art. 1º)',
    value: [
      { upToCents: 500_000_000n, rateBp: 1500n, label: '15 % até R$ 5 milhões' },
      { upToCents: 1_000_000_000n, rateBp: 1750n, label: '17,5 % de R$ 5 a 10 milhões' },
      { upToCents: 3_000_000_000n, rateBp: 2000n, label: '20 % de R$ 10 a 30 milhões' },
      { upToCents: null, rateBp: 2250n, label: '22,5 % acima de R$ 30 milhões' },
    ],
  },
];
export const ratesFor = (month: string) => ruleFor(RATE_RULES, month, 'alíquotas');

/** Tax on a taxable gain (centavos), bracket by bracket; each portion rounded half-up to the centavo. */
export function taxOnGain(month: string, gainCents: bigint): bigint {
  let tax = 0n;
  let lower = 0n;
  for (const b of ratesFor(month).value) {
    if (gainCents <= lower) break;
    const upper = b.upToCents === null || gainCents < b.upToCents ? gainCents : b.upToCents;
    tax += divRoundHalfUp((upper - lower) * b.rateBp, 10_000n);
    if (b.upToCents === null) break;
    lower = b.upToCents;
  }
  return tax;
}

// ── 3. Losses ────────────────────────────────────────────────────────────────────────────────────────────────
/**
 * A loss is NOT offset against any gain: neither against a later month's gain nor against the gain of another
 * disposal of the same month. Gains on crypto-assets of an individual are ganho de capital (Lei 8.981/1995,
 * art. 21; IN RFB 1.888/2019 context; Solução de Consulta Cosit nº 214/2021), computed per alienação
 * (IN SRF 84/2001: ganho apurado em cada alienação), and no law allows ganho de capital losses to be offset: the Receita's Perguntas e
 * Respostas IRPF ("compensação de prejuízos com ganhos no mês": "os resultados positivos e negativos apurados
 * em operações distintas não são compensáveis") and its page on renda variável ("as perdas apuradas nas vendas
 * fora de bolsa não são compensáveis, pois estão sujeitas à apuração de ganho de capital"). Compensation exists
 * only where a law grants it: operations on the stock exchange (Lei 8.981/1995, art. 72 ff.) and, from 2024,
 * applications abroad under Lei 14.754/2023 (a separate annual regime this report does not compute).
 *
 * So each disposal (one leg's asset given) has its own result; the month's taxable gain is the sum of the
 * positive results; negative ones are shown but reduce nothing. (Until issue 25 the report netted the month
 * and carried a net loss forward within the year: no source allowed it, and it lowered the tax due.)
 */
export const LOSS_RULE = {
  from: '2017-01',
  source:
    'Perdas não compensáveis no ganho de capital (Perguntas e Respostas IRPF, compensação de prejuízos com ganhos no mês; Receita Federal, renda variável: perdas fora de bolsa não são compensáveis; IN SRF 84/2001: ganho apurado em cada alienação)',
  offsetsLosses: false,
} as const;

// ── 4. DARF ─────────────────────────────────────────────────────────────────────────────────────────────────
/**
 * The tax of a month is paid by DARF code 4600 (ganho de capital na alienação de bens e direitos) by the last
 * business day of the following month (Lei 8.981/1995, art. 21 §2º; IN SRF 84/2001, art. 31). A DARF below
 * R$ 10,00 is not paid: its amount is added to the next month's tax until the sum reaches R$ 10,00
 * (Lei 9.430/1996, art. 68). Business days: Monday to Friday except the national holidays below.
 *
 * December (November's tax): the last business day of the year has no banking service open to the public
 * (Resolução CMN nº 4.880/2020), so the Receita's Agenda Tributária (published monthly by Ato Declaratório
 * Executivo Codac) moves every federal tax due on the last business day of December to the business day
 * before it: 30/12/2024 and 30/12/2025 (31/12 a Tuesday and a Wednesday), 28/12/2023 (29/12 the last
 * business day). `darfDueDate` applies that rule.
 */
export const DARF_RULE = {
  code: '4600',
  minimumCents: 1_000n,
  source:
    'Código 4600; vencimento: último dia útil do mês seguinte (Lei 8.981/1995, art. 21 §2º; IN SRF 84/2001, art. 31); em dezembro, o dia útil anterior ao último do ano, sem expediente bancário (Resolução CMN nº 4.880/2020; Agenda Tributária da Receita Federal, dezembro); mínimo de R$ 10,00 (Lei 9.430/1996, art. 68)',
} as const;

/** Easter Sunday (Gregorian, Meeus/Jones/Butcher), as [month 1-12, day]. */
function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/**
 * Days without national banking business ('YYYY-MM-DD'): the national holidays (Lei 662/1949, Lei 6.802/1980,
 * Lei 14.759/2023 for 20 November from 2024), Good Friday, and Carnival Monday/Tuesday and Corpus Christi (no
 * banking business nationwide, Resolução CMN 4.880/2020).
 */
export function nationalNonBusinessDays(year: number): Set<string> {
  const iso = (m: number, d: number) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const fixed: [number, number][] = [
    [1, 1],
    [4, 21],
    [5, 1],
    [9, 7],
    [10, 12],
    [11, 2],
    [11, 15],
    [12, 25],
  ];
  if (year >= 2024) fixed.push([11, 20]);
  const days = new Set(fixed.map(([m, d]) => iso(m, d)));
  const [em, ed] = easter(year);
  const easterUtc = Date.UTC(year, em - 1, ed);
  for (const offset of [-48, -47, -2, 60]) {
    const d = new Date(easterUtc + offset * 86_400_000);
    days.add(iso(d.getUTCMonth() + 1, d.getUTCDate()));
  }
  return days;
}

/**
 * The DARF due date of a month's tax ('YYYY-MM' → 'YYYY-MM-DD'): the last business day of the next month; in
 * December the business day before the last (DARF_RULE: no public banking on the year's last business day).
 */
export function darfDueDate(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const year = m === 12 ? y + 1 : y;
  const next = m === 12 ? 1 : m + 1;
  const holidays = nationalNonBusinessDays(year);
  const businessDayFrom = (from: Date): Date => {
    let day = from;
    for (;;) {
      const weekday = day.getUTCDay();
      if (weekday !== 0 && weekday !== 6 && !holidays.has(day.toISOString().slice(0, 10))) return day;
      day = new Date(day.getTime() - 86_400_000);
    }
  };
  let due = businessDayFrom(new Date(Date.UTC(year, next, 0))); // last day of the next month, back to a business day
  if (next === 12) due = businessDayFrom(new Date(due.getTime() - 86_400_000));
  return due.toISOString().slice(0, 10);
}

// ── 5. Disposals and cost: every crypto-asset given, weighted average cost, fees included ────────────────────
/**
 * What is a disposal (alienação): every crypto-asset the user gives, whatever they get for it. A swap of one
 * crypto-asset for another (permuta) is a disposal of the one given (Solução de Consulta Cosit nº 214/2021,
 * 20/12/2021; Perguntas e Respostas IRPF, criptoativos), so a leg BTC/USDT bought disposes of the USDT paid,
 * and a leg sold disposes of the BTC and acquires the USDT. Reais are not an asset: a leg quoted in BRL is a
 * plain purchase or sale. Each leg therefore gives one asset and receives another:
 *   - buy leg (base received, quote given) / sell leg (base given, quote received);
 *   - its R$ value V: the quote amount in R$ (a USDT quote × the trade's USDT/BRL rate; a BRL quote as it is;
 *     another crypto-asset at its USDT price in another leg of the same trade × the rate);
 *   - a fee paid in the asset received arrives net (less received); paid in the asset given, that asset is given
 *     in that much more (its value counts in the disposal); paid in a third asset (BNB), that asset is disposed
 *     of too, at its value in the trade (left unpriced, and counted as such, when the trade has no price for it).
 *   - the fee in R$ is an expense of the leg's base asset: added to the cost of a purchase, deducted from the
 *     proceeds of a sale (once: a fee paid in the received asset is already in the quantity).
 * The value of each disposal (valor de alienação) counts toward the month's R$ 35.000,00, and its result is
 * its proceeds minus the weighted average cost of the quantity given (IN SRF 84/2001, art. 16 context;
 * Perguntas e Respostas IRPF, custo médio ponderado). The pools are in R$ per asset, all exchanges together,
 * and every disposal consumes them (USDT bought with reais is used up when it buys BTC).
 * A quantity given beyond what the report saw acquired (USDT bought outside Arbitra) has no known cost: it is
 * taken at cost zero (the conservative reading) and shown to the user as 'sem custo conhecido'.
 */
export const COST_RULE = {
  method: 'custo médio ponderado',
  source:
    'Permuta entre criptoativos é alienação (Solução de Consulta Cosit nº 214/2021); custo médio ponderado em R$ por ativo, taxas incluídas no custo de aquisição e deduzidas do valor de alienação (Perguntas e Respostas IRPF, ganho de capital; IN SRF 84/2001)',
  /** The only quote currency that is not itself an asset given or received. */
  fiatCurrency: 'BRL',
} as const;

// ── 5b. Transfers between the user's own exchange accounts (issue 29) ──────────────────────────────────────
/**
 * Moving a crypto-asset between two accounts of the same holder (a withdrawal from one exchange credited to the
 * user's account on another) changes no ownership: it is not an alienação, yields no gain or loss, and the asset
 * keeps its average cost (the pools are per asset, all exchanges together, so nothing moves in them). Ganho de
 * capital arises only on "operações que importem alienação, a qualquer título" (Lei 7.713/1988, art. 3º, § 3º);
 * the Receita lists the withdrawal from and the transfer to an exchange among the operations to be REPORTED
 * (IN RFB 1.888/2019, art. 6º, § 1º: "transferência de criptoativo para a exchange, retirada de criptoativo da
 * exchange"), a reporting duty (DeCripto), not a taxable event.
 *
 * The withdrawal fee paid in the coin itself leaves the user's hands. No Receita ruling addresses it. The report
 * treats it as the trading fees paid in a crypto-asset are treated (COST_RULE): a disposal (dação em pagamento, one
 * of the alienações that Lei 7.713/1988, art. 3º, § 3º names; a crypto-asset given for something else is an
 * alienação: Solução de Consulta Cosit nº 214/2021) at its value in R$ at the transfer, its cost the average cost
 * of the quantity given — the conservative reading (it counts toward the month's R$ 35.000,00). Because no source
 * settles it, the report FLAGS it for the accountant: 'Taxas de saque pagas em cripto: … — consulte seu contador'.
 */
export const TRANSFER_RULE = {
  disposal: false,
  keepsAverageCost: true,
  source:
    'Transferência entre contas do mesmo titular não é alienação (Lei 7.713/1988, art. 3º, § 3º); é operação a informar (IN RFB 1.888/2019, art. 6º, § 1º)',
  withdrawalFee: {
    treatedAs: 'alienação (dação em pagamento) pelo valor em R$ na data, ao custo médio',
    flaggedForAccountant: true,
    source:
      'Sem norma específica da Receita sobre taxas de saque pagas em cripto; tratada como as taxas pagas em criptoativo nas negociações (Lei 7.713/1988, art. 3º, § 3º; Solução de Consulta Cosit nº 214/2021) — consulte seu contador',
  },
} as const;

// ── 6. DeCripto (reporting duty of the taxpayer) ─────────────────────────────────────────────────────────────
/**
 * The taxpayer must report (DeCripto) a month's operations made through exchanges that do not report to the
 * Receita Federal themselves (exchanges abroad, or without an exchange), when their total (purchases AND
 * sales, in R$) exceeds the threshold. IN RFB 1.888/2019, art. 6º §1º (R$ 30.000,00) until June 2026;
 * IN RFB 2.291/2025 from July 2026 (R$ 35.000,00), which also obliges foreign exchanges serving Brazil to
 * report.
 */
export const DECRIPTO_RULES: readonly DatedRule<{ thresholdCents: bigint; instrument: string }>[] = [
  {
    from: '2019-08',
    until: '2026-06',
    source: 'IN RFB 1.888/2019, art. 6º, II e §1º',
    value: { thresholdCents: 3_000_000n, instrument: 'IN RFB 1.888/2019' },
  },
  {
    from: '2026-07',
    until: null,
    source: 'IN RFB 2.291/2025 (DeCripto), em vigor a partir de julho de 2026, substitui a IN RFB 1.888/2019',
    value: { thresholdCents: 3_500_000n, instrument: 'IN RFB 2.291/2025 (DeCripto)' },
  },
];
export const decriptoFor = (month: string) => ruleFor(DECRIPTO_RULES, month, 'DeCripto');

// ── 7. Exchanges: country and whether they report to the Receita ──────────────────────────────────────────
/**
 * OUR DEFAULTS (each user can change them in the report; `reportsFrom` null = never by default):
 * - Mercado Bitcoin: Brazilian exchange, reports under IN 1.888/2019 and IN 2.291/2025 → reports.
 * - Binance, Bybit: foreign, serve Brazil (Portuguese site, PIX deposits) → obliged by IN 2.291/2025: reporting
 *   from July 2026; not before.
 * - Gate.io, MEXC: foreign, no Brazilian operation we know of → not reporting (the user reports; conservative).
 * An exchange we do not know is treated as not reporting, abroad.
 */
export interface ExchangeTaxProfile {
  country: string;
  reportsFrom: string | null;
  note: string;
}
export const EXCHANGE_TAX_PROFILES: Readonly<Record<string, ExchangeTaxProfile>> = {
  mercadobitcoin: {
    country: 'Brasil',
    reportsFrom: '2019-08',
    note: 'Exchange brasileira (IN 1.888/2019 e IN 2.291/2025)',
  },
  binance: {
    country: 'Ilhas Cayman',
    reportsFrom: '2026-07',
    note: 'Estrangeira que atende o Brasil: obrigada pela IN 2.291/2025',
  },
  bybit: {
    country: 'Emirados Árabes Unidos',
    reportsFrom: '2026-07',
    note: 'Estrangeira que atende o Brasil: obrigada pela IN 2.291/2025',
  },
  gateio: {
    country: 'Ilhas Cayman',
    reportsFrom: null,
    note: 'Estrangeira sem operação no Brasil que conheçamos',
  },
  mexc: {
    country: 'Seicheles',
    reportsFrom: null,
    note: 'Estrangeira sem operação no Brasil que conheçamos',
  },
};
const UNKNOWN_EXCHANGE: ExchangeTaxProfile = {
  country: 'Exterior',
  reportsFrom: null,
  note: 'Exchange desconhecida',
};

export function exchangeTaxProfile(exchange: string): ExchangeTaxProfile {
  return EXCHANGE_TAX_PROFILES[exchange] ?? UNKNOWN_EXCHANGE;
}

/** Whether an exchange reports a month's operations: the user's choice if any, else our default. */
export function exchangeReports(exchange: string, month: string, userChoice?: boolean): boolean {
  if (userChoice !== undefined) return userChoice;
  const from = exchangeTaxProfile(exchange).reportsFrom;
  return from !== null && from <= month;
}

// ── helpers (exact integer arithmetic) ──────────────────────────────────────────────────────────────────────
/** a / b rounded half away from zero (b > 0). */
export function divRoundHalfUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}
