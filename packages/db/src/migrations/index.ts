import { Init1763780000000 } from './1763780000000-init.js';
import { Accounts1763780100000 } from './1763780100000-accounts.js';
import { ExchangeCredentials1763780300000 } from './1763780300000-exchange-credentials.js';
import { Bots1763780400000 } from './1763780400000-bots.js';
import { ExecutionJournal1763780500000 } from './1763780500000-execution-journal.js';
import { Payments1763791000000 } from './1763791000000-payments.js';
import { SubscriptionSchedule1763791000100 } from './1763791000100-subscription-schedule.js';
import { SandboxCharges1763791000200 } from './1763791000200-sandbox-charges.js';
import { AdminConsole1763792000000 } from './1763792000000-admin-console.js';
import { Backtests1763796000000 } from './1763796000000-backtests.js';
import { Notifications1763797000000 } from './1763797000000-notifications.js';
import { ContactMessages1763797100000 } from './1763797100000-contact-messages.js';
import { ContentViewsNewsletter1795441341701 } from './1795441341701-content-views-newsletter.js';
import { TradesBrl1795441371829 } from './1795441371829-trades-brl.js';
import { TaxExchangeSettings1795441624923 } from './1795441624923-tax-exchange-settings.js';
import { EmailChanges1795443037625 } from './1795443037625-email-changes.js';
import { PaymentMethods1795450000000 } from './1795450000000-payment-methods.js';
import { TradeDayTotals1795641731950 } from './1795641731950-trade-day-totals.js';
import { CredentialUnreachable1795828473291 } from './1795828473291-credential-unreachable.js';
import { PaymentQuoteBasis1795828503526 } from './1795828503526-payment-quote-basis.js';
import { TaxMonths1795828696047 } from './1795828696047-tax-months.js';
import { TradeLegFees1795828900671 } from './1795828900671-trade-leg-fees.js';
import { SimulatedMarketClock1795829060146 } from './1795829060146-simulated-market-clock.js';
import { EmailChangeSession1795829995747 } from './1795829995747-email-change-session.js';
import { BotInventoryPauses1795897229697 } from './1795897229697-bot-inventory-pauses.js';
import { Transfers1795897378713 } from './1795897378713-transfers.js';
import { BotMinProfitAfterRebalance1795897538478 } from './1795897538478-bot-min-profit-after-rebalance.js';
/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  Init1763780000000,
  Accounts1763780100000,
  ExchangeCredentials1763780300000,
  Bots1763780400000,
  ExecutionJournal1763780500000,
  Payments1763791000000,
  SubscriptionSchedule1763791000100,
  SandboxCharges1763791000200,
  AdminConsole1763792000000,
  Backtests1763796000000,
  Notifications1763797000000,
  ContactMessages1763797100000,
  ContentViewsNewsletter1795441341701,
  TradesBrl1795441371829,
  TaxExchangeSettings1795441624923,
  EmailChanges1795443037625,
  PaymentMethods1795450000000,
  TradeDayTotals1795641731950,
  CredentialUnreachable1795828473291,
  PaymentQuoteBasis1795828503526,
  TaxMonths1795828696047,
  TradeLegFees1795828900671,
  SimulatedMarketClock1795829060146,
  EmailChangeSession1795829995747,
  BotInventoryPauses1795897229697,
  Transfers1795897378713,
  BotMinProfitAfterRebalance1795897538478,
];
