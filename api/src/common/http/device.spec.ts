import { describe, expect, it } from 'vitest';
import { describeDevice, locationOf } from './device.js';

describe('describeDevice', () => {
  it('names browser and system', () => {
    const d = describeDevice(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    );
    expect(d.label).toBe('Chrome 120 no Windows 10');
    expect(d.deviceType).toBeNull();
  });

  it('names a phone', () => {
    const d = describeDevice(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    );
    expect(d.label).toContain('iOS 17.1');
    expect(d.deviceType).toBe('mobile');
  });

  it('falls back when there is no user agent', () => {
    expect(describeDevice(null).label).toBe('Dispositivo desconhecido');
    expect(describeDevice('curl/8.5.0').label).toContain('curl');
  });
});

describe('locationOf', () => {
  it('knows local addresses only', () => {
    expect(locationOf('127.0.0.1')).toBe('Rede local');
    expect(locationOf('::ffff:192.168.0.3')).toBe('Rede local');
    expect(locationOf('::1')).toBe('Rede local');
    expect(locationOf('203.0.113.9')).toBeNull();
    expect(locationOf(null)).toBeNull();
  });
});
