import { describe, expect, it } from 'vitest';
import { equitySeries } from './bot-detail';

describe("the bot's equity curve", () => {
  it('starts at R$ 0 at the first trade, so 1 or 3 trades draw a line (not axes alone)', () => {
    const three = equitySeries([
      { at: '2026-11-27T12:00:00.000Z', equity: 0.1, equityBrl: 0.54 },
      { at: '2026-11-27T12:00:01.000Z', equity: 0.3, equityBrl: 1.62 },
      { at: '2026-11-27T12:00:02.000Z', equity: 0.2, equityBrl: 1.08 },
    ]);
    expect(three.map((p) => p.equityBrl)).toEqual([0, 0.54, 1.62, 1.08]);
    expect(three[0]).toMatchObject({ at: '2026-11-27T12:00:00.000Z', label: 'Início' });
    expect(equitySeries([{ at: '2026-11-27T12:00:00.000Z', equity: 1, equityBrl: 5.4 }])).toHaveLength(2);
    expect(equitySeries([])).toEqual([]);
  });

  it('a trade without an R$ figure keeps the level before it: no gap in the line', () => {
    const s = equitySeries([
      { at: '2026-11-27T12:00:00.000Z', equity: 0.1, equityBrl: 0.54 },
      { at: '2026-11-27T12:00:01.000Z', equity: 0.1, equityBrl: Number.NaN },
    ]);
    expect(s.map((p) => p.equityBrl)).toEqual([0, 0.54, 0.54]);
  });
});
