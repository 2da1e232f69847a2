import { describe, expect, it } from 'vitest';
import { monthFingerprints, previousMonth } from './month-fingerprints.js';

describe('São Paulo month fingerprints from UTC days', () => {
  it('gives the 1st of a month (UTC) to both months it may hold: 01/04 02:30 UTC is 31/03 23:30 in São Paulo', () => {
    const fps = monthFingerprints(
      new Map([
        ['2026-04-01', '1:10:50'],
        ['2026-03-15', '2:20:100'],
        ['2026-04-20', '1:5:25'],
      ]),
    );
    expect([...fps]).toEqual([
      ['2026-03', '2026-03-15=2:20:100|2026-04-01=1:10:50'],
      ['2026-04', '2026-04-01=1:10:50|2026-04-20=1:5:25'],
    ]);
  });

  it('changes a month’s fingerprint when one of its days changes, and no other month’s', () => {
    const before = monthFingerprints(
      new Map([
        ['2026-02-10', '1:1:5'],
        ['2026-03-10', '1:1:5'],
      ]),
    );
    const after = monthFingerprints(
      new Map([
        ['2026-02-10', '1:1:5'],
        ['2026-03-10', '2:3:15'],
      ]),
    );
    expect(after.get('2026-02')).toBe(before.get('2026-02'));
    expect(after.get('2026-03')).not.toBe(before.get('2026-03'));
  });

  it('goes back over the year', () => {
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });
});
