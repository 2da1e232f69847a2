/**
 * The order gateway: the ccxt methods the executor calls. The paper gateway (a simulated exchange) and the
 * live one (ccxt with the user's credentials) implement it; the executor does not know which runs.
 * Amounts and prices are decimal strings.
 */
export type OrderSide = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';

export interface GatewayOrder {
  id: string;
  exchange: string;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  /** closed: fully filled; canceled: IOC remainder canceled (partial or none); rejected: nothing could fill. */
  status: 'closed' | 'canceled' | 'rejected';
  amount: string;
  filled: string;
  /** Average fill price ('0' when nothing filled). */
  average: string;
  /** Quote exchanged before fees. */
  cost: string;
  fee: { cost: string; currency: string };
  reason?: string;
}

export interface OrderGateway {
  createOrder(
    exchange: string,
    symbol: string,
    type: OrderType,
    side: OrderSide,
    amount: string,
    price?: string,
  ): Promise<GatewayOrder>;
  fetchOrder(id: string, exchange: string, symbol: string): Promise<GatewayOrder>;
  fetchBalance(exchange: string): Promise<Record<string, string>>;
}
