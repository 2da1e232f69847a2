/** Worked numbers of the tutorial's illustrative arbitrage, in integer hundredths (no binary floats). */
export interface PriceExampleResult {
  grossCents: number;
  feesCents: number;
  netCents: number;
  grossPercent: number;
  netPercent: number;
}

/** '60000.00' → 6000000; the example's prices and fee have at most two decimals. */
export function toHundredths(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal);
  if (!match) throw new RangeError(`valor inválido: ${decimal}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function priceExample(
  buyPrice: string,
  sellPrice: string,
  takerFeePercent: string,
): PriceExampleResult {
  const buy = toHundredths(buyPrice);
  const sell = toHundredths(sellPrice);
  const feeBasisPoints = toHundredths(takerFeePercent); // 0.10 % → 10 bp
  const feesCents =
    Math.round((buy * feeBasisPoints) / 10_000) + Math.round((sell * feeBasisPoints) / 10_000);
  const grossCents = sell - buy;
  const netCents = grossCents - feesCents;
  return {
    grossCents,
    feesCents,
    netCents,
    grossPercent: (grossCents / buy) * 100,
    netPercent: (netCents / buy) * 100,
  };
}
