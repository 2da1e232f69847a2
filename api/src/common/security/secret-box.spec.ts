import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('x'.repeat(40));

  it('round-trips a secret and never stores it in clear', () => {
    const sealed = box.encrypt('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.decrypt(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(box.encrypt('a')).not.toBe(box.encrypt('a'));
  });

  it('refuses a tampered or foreign ciphertext', () => {
    const sealed = box.encrypt('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => new SecretBox('y'.repeat(40)).decrypt(sealed)).toThrow();
  });

  it('hashes with a key', () => {
    expect(box.hash('ABCDE12345')).toMatch(/^[0-9a-f]{64}$/);
    expect(box.hash('ABCDE12345')).not.toBe(new SecretBox('z'.repeat(40)).hash('ABCDE12345'));
  });
});
