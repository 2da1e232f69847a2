import { describe, expect, it } from 'vitest';
import { securityLevel } from './security.service.js';

describe('securityLevel', () => {
  it("is 'strong' with 2FA and a recent password, 'medium' with one of them, 'weak' with neither", () => {
    expect(securityLevel(true, 10)).toBe('strong');
    expect(securityLevel(true, 181)).toBe('medium');
    expect(securityLevel(false, 0)).toBe('medium');
    expect(securityLevel(false, 400)).toBe('weak');
  });
});
