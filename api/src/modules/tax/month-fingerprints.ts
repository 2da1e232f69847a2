/**
 * Each São Paulo month's fingerprint from the UTC days' (issue 25): the days that can hold the month's live trades.
 * A UTC day D spans São Paulo from D−1 21:00 to D 21:00, so it holds trades of D's month and, on the 1st, of the
 * month before. A month's fingerprint joins those days' (its first day to the 1st of the next month): any trade
 * recorded, moved or removed in the month changes it. The months returned are every month that may have trades.
 */
export function monthFingerprints(days: ReadonlyMap<string, string>): Map<string, string> {
  const entries = new Map<string, string[]>();
  const add = (month: string, entry: string) => {
    const list = entries.get(month);
    if (list) list.push(entry);
    else entries.set(month, [entry]);
  };
  for (const day of [...days.keys()].sort()) {
    const entry = `${day}=${days.get(day)}`;
    add(day.slice(0, 7), entry);
    if (day.endsWith('-01')) add(previousMonth(day.slice(0, 7)), entry);
  }
  return new Map([...entries.keys()].sort().map((m) => [m, entries.get(m)!.sort().join('|')]));
}

/** 'YYYY-MM' → the month before. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
