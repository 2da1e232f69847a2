import { describe, expect, it } from 'vitest';
import { rendezvousOwner } from './leases.js';

describe('rendezvous owner of a bot among the live engines', () => {
  const bots = Array.from({ length: 3000 }, (_, i) => `bot:${i.toString(16).padStart(8, '0')}-b0b0`);

  it('gives every engine about 1/N of the bots', () => {
    const members = ['engine-1', 'engine-2', 'engine-3'];
    const count = new Map<string, number>();
    for (const b of bots) {
      const o = rendezvousOwner(b, members)!;
      count.set(o, (count.get(o) ?? 0) + 1);
    }
    for (const m of members) expect(Math.abs(count.get(m)! - 1000)).toBeLessThan(120);
  });

  it("moves only the joining engine's share on a join, and only the dead engine's on a death", () => {
    const three = ['engine-1', 'engine-2', 'engine-3'];
    const four = [...three, 'engine-4'];
    const moved = bots.filter((b) => rendezvousOwner(b, three) !== rendezvousOwner(b, four));
    expect(moved.every((b) => rendezvousOwner(b, four) === 'engine-4')).toBe(true);
    expect(Math.abs(moved.length - 750)).toBeLessThan(110);
    const two = ['engine-1', 'engine-3'];
    const orphaned = bots.filter((b) => rendezvousOwner(b, three) !== rendezvousOwner(b, two));
    expect(orphaned.every((b) => rendezvousOwner(b, three) === 'engine-2')).toBe(true);
  });

  it('does not depend on the order engines are listed in, and has no owner without engines', () => {
    expect(rendezvousOwner('bot:x', ['a', 'b', 'c'])).toBe(rendezvousOwner('bot:x', ['c', 'a', 'b']));
    expect(rendezvousOwner('bot:x', [])).toBeUndefined();
  });
});
