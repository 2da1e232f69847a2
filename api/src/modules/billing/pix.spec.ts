import { describe, expect, it } from 'vitest';
import { parsePix } from 'pix-utils';
import { pixCopyPaste } from './pix.js';

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) as the BR Code manual defines it: the test's own oracle. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const KNOWN_GOOD = [
  // The Banco Central's BR Code manual example (static, key 123e4567-…, 'Fulano de Tal', Brasília).
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
];

describe('PIX BR Code (copia e cola)', () => {
  it('the CRC oracle agrees with known-good codes', () => {
    for (const code of KNOWN_GOOD) {
      expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
    }
  });

  it('builds a code with the amount, the txid and a valid CRC16', () => {
    const code = pixCopyPaste(
      { key: 'pagamentos@arbitra.com.br', merchantName: 'ARBITRA', merchantCity: 'SAO PAULO' },
      199900,
      '5f0c2a9e-1b7d-4c1e-9a55-0d6b7e3a1c22',
    );
    expect(code.startsWith('000201')).toBe(true);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
    const parsed = parsePix(code) as unknown as { transactionAmount: number; txid: string; pixKey: string };
    expect(parsed.transactionAmount).toBe(1999);
    expect(parsed.txid).toBe('5f0c2a9e1b7d4c1e9a550d6b7');
    expect(parsed.pixKey).toBe('pagamentos@arbitra.com.br');
  });

  it('a code with one character changed fails the CRC', () => {
    const code = pixCopyPaste(
      { key: 'pagamentos@arbitra.com.br', merchantName: 'ARBITRA', merchantCity: 'SAO PAULO' },
      9990,
      'abc',
    );
    const tampered = code.replace('99.90', '99.91');
    expect(tampered).not.toBe(code);
    expect(crc16(tampered.slice(0, -4))).not.toBe(tampered.slice(-4));
  });
});
