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
  /** Ours, deterministic per execution and leg: how a restarted executor finds the order again. */
  clientOrderId?: string;
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
    clientOrderId?: string,
  ): Promise<GatewayOrder>;
  fetchOrder(id: string, exchange: string, symbol: string): Promise<GatewayOrder>;
  /** The order placed with our `clientOrderId` on that market, or null when the exchange has none. */
  fetchOrderByClientId(clientOrderId: string, exchange: string, symbol: string): Promise<GatewayOrder | null>;
  fetchBalance(exchange: string): Promise<Record<string, string>>;
}
