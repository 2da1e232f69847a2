import { BacktestPage } from '@/features/backtests/components/backtest-page';
import { BacktestsList } from '@/features/backtests/components/backtests-page';
import { UserAreaPage } from './user-area-page';

/** /backtests (lazy: recharts stays out of the public pages). */
export function BacktestsPage() {
  return (
    <UserAreaPage title="Simulações">
      <BacktestsList />
    </UserAreaPage>
  );
}

/** /backtests/:id */
export function BacktestResultPage() {
  return (
    <UserAreaPage title="Simulação">
      <BacktestPage />
    </UserAreaPage>
  );
}
