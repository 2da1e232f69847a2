/**
 * The order gateway: the ccxt methods the executor calls. The paper gateway (a simulated exchange) and the
 * live one (ccxt with the user's credentials) implement it; the executor does not know which runs.
 * Amounts and prices are decimal strings.
 */
export type OrderSide = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';

export interface GatewayFee {
  cost: string;
  currency: string;
}

/** Every fee of an order: `fees` when it paid in more than one currency, else its `fee`. */
export function feesOf(o: Pick<GatewayOrder, 'fee' | 'fees'>): readonly GatewayFee[] {
  return o.fees && o.fees.length > 0 ? o.fees : [o.fee];
}

/** What an order asks for, before an exchange gives it an id. */
export interface OrderRequest {
  exchange: string;
  symbol: string;
  type: OrderType;
  side: OrderSide;
  amount: string;
}

export interface GatewayOrder extends OrderRequest {
  id: string;
  /** closed: fully filled; canceled: IOC remainder canceled (partial or none); rejected: nothing could fill. */
  status: 'closed' | 'canceled' | 'rejected';
  filled: string;
  /** Average fill price ('0' when nothing filled). */
  average: string;
  /** Quote exchanged before fees. */
  cost: string;
  /** The fee (the first currency it was charged in, when more than one). */
  fee: GatewayFee;
  /** Every fee, one per currency, when the exchange charged more than one (BNB, then the asset received). */
  fees?: GatewayFee[];
  /** Ours, deterministic per execution and leg: how a restarted executor finds the order again. */
  clientOrderId?: string;
  reason?: string;
}

/**
 * createOrder's arguments, in ccxt's order: the market, market or IOC limit, the side and amount, the limit price
 * (limit orders) and our client order id (`GatewayOrder.clientOrderId`).
 */
export type CreateOrderArgs = [
  exchange: string,
  symbol: string,
  type: OrderType,
  side: OrderSide,
  amount: string,
  price?: string,
  clientOrderId?: string,
];

export interface OrderGateway {
  createOrder(...order: CreateOrderArgs): Promise<GatewayOrder>;
  fetchOrder(id: string, exchange: string, symbol: string): Promise<GatewayOrder>;
  /** The order placed with our `clientOrderId` on that market, or null when the exchange has none. */
  fetchOrderByClientId(clientOrderId: string, exchange: string, symbol: string): Promise<GatewayOrder | null>;
  fetchBalance(exchange: string): Promise<Record<string, string>>;
}
