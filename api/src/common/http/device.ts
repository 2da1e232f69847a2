import { isIP } from 'node:net';
import { UAParser } from 'ua-parser-js';
import { MESSAGES } from '@arbitra/contracts';

export interface DeviceInfo {
  /** e.g. 'Chrome 120 no Windows 10', 'Safari no iOS 17.1 (iPhone)'. */
  label: string;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
}

/** A readable device from a user agent (ua-parser-js). */
export function describeDevice(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent)
    return { label: MESSAGES.sessions.unknownDevice, browser: null, os: null, deviceType: null };
  const r = UAParser(userAgent);
  const browser = r.browser.name ? [r.browser.name, r.browser.major].filter(Boolean).join(' ') : null;
  const os = r.os.name ? [r.os.name, r.os.version].filter(Boolean).join(' ') : null;
  const hardware = r.device.model ? [r.device.vendor, r.device.model].filter(Boolean).join(' ') : null;
  let label: string;
  if (browser && os) label = `${browser} no ${os}`;
  else label = browser ?? os ?? userAgent.slice(0, 60);
  if (hardware) label += ` (${hardware})`;
  return { label: label.slice(0, 160), browser, os, deviceType: r.device.type ?? null };
}

/** 'Rede local' for loopback and private addresses; nothing else is known without a GeoIP database. */
export function locationOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const addr = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const v = isIP(addr);
  if (v === 4) {
    const [a, b] = addr.split('.').map(Number) as [number, number];
    if (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    ) {
      return MESSAGES.sessions.localNetwork;
    }
  } else if (v === 6) {
    const lower = addr.toLowerCase();
    if (lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80'))
      return MESSAGES.sessions.localNetwork;
  }
  return null;
}
