import { Dec } from '../../market-data/money.js';
import type { GatewayFee, GatewayOrder, OrderGateway, OrderSide, OrderType } from '../order-gateway.js';

/**
 * An exchange for the specs that fills every order whole at its limit price and charges the fees it is told per
 * market — several currencies on one order, as Binance does when its BNB runs out mid-order; a market without a
 * script pays `feeRate` of the quote value in the quote. Balances are fixed (fetchBalance answers `balance`).
 */
export class ScriptedGateway implements OrderGateway {
  readonly placed: GatewayOrder[] = [];

  constructor(
    private readonly balance: Record<string, string>,
    private readonly fees: Record<string, GatewayFee[]>,
    private readonly feeRate = '0.001',
  ) {}

  createOrder(
    exchange: string,
    symbol: string,
    type: OrderType,
    side: OrderSide,
    amount: string,
    price?: string,
  ): Promise<GatewayOrder> {
    const quote = symbol.split('/')[1]!;
    const cost = new Dec(amount).mul(price ?? '0');
    const fees = this.fees[symbol] ?? [{ cost: cost.mul(this.feeRate).toFixed(), currency: quote }];
    const order: GatewayOrder = {
      id: `s${this.placed.length + 1}`,
      exchange,
      symbol,
      side,
      type,
      status: 'closed',
      amount,
      filled: amount,
      average: price ?? '0',
      cost: cost.toFixed(),
      fee: fees[0]!,
      ...(fees.length > 1 ? { fees } : {}),
    };
    this.placed.push(order);
    return Promise.resolve(order);
  }
  fetchOrder(id: string): Promise<GatewayOrder> {
    return Promise.resolve(this.placed.find((o) => o.id === id)!);
  }
  fetchOrderByClientId(): Promise<GatewayOrder | null> {
    return Promise.resolve(null);
  }
  fetchBalance(): Promise<Record<string, string>> {
    return Promise.resolve({ ...this.balance });
  }
}
