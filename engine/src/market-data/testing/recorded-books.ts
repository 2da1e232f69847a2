import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Test support: a recording of `count` BTC/USDT books on Binance, 100 ms apart from `t0` (receivedTs), each seen by
 * the exchange 5 ms before (exchangeTs), bids and asks one tick higher each time. Returns the file's path.
 */
export async function writeRecordedBooks(
  dir: string,
  name: string,
  count: number,
  t0: number,
): Promise<string> {
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      type: 'book',
      exchange: 'binance',
      symbol: 'BTC/USDT',
      bids: [[100 + i, 1]],
      asks: [[101 + i, 1]],
      exchangeTs: t0 + i * 100 - 5,
      receivedTs: t0 + i * 100,
    }),
  );
  const file = join(dir, name);
  await writeFile(file, lines.join('\n') + '\n');
  return file;
}
