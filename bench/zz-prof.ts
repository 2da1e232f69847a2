import { computeTaxHistory, tradeOperations, type TaxTradeInput } from '@arbitra/contracts';
const N = 20000;
const trades: TaxTradeInput[] = Array.from({ length: N }, (_, i) => ({
  id: `id${i}`, executedAt: new Date(Date.UTC(2025, 0, 1) + i * 60000), month: '2025-01', usdtBrl: '5.35',
  legs: [
    { exchange: 'binance', symbol: 'BTC/USDT', side: 'buy', filledAmount: '0.012000000000000000', avgPrice: '90000.000000000000000000', quoteAmount: '1080.000000000000000000', fee: '1.080000000000000000', feeAsset: 'USDT' },
    { exchange: 'mexc', symbol: 'BTC/USDT', side: 'sell', filledAmount: '0.012000000000000000', avgPrice: '90360.000000000000000000', quoteAmount: '1084.320000000000000000', fee: '1.084320000000000000', feeAsset: 'USDT' },
  ],
}));
let t = performance.now();
for (const tr of trades) tradeOperations(tr);
console.log('ops', performance.now() - t);
t = performance.now();
computeTaxHistory(trades);
console.log('fold', performance.now() - t);
