import { describe, expect, it } from 'vitest';
import {
  backupCodesText,
  INITIAL_TWO_FACTOR_FLOW,
  twoFactorFlowReducer,
  twoFactorSwitchChecked,
  twoFactorToggleAction,
  type TwoFactorEvent,
  type TwoFactorFlow,
} from './two-factor-flow';

const setup = { qrCodeDataUrl: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' };
const codes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);

function run(events: TwoFactorEvent[], from: TwoFactorFlow = INITIAL_TWO_FACTOR_FLOW): TwoFactorFlow {
  return events.reduce(twoFactorFlowReducer, from);
}

describe('two-factor flow', () => {
  it('switching on: setup → first code → backup codes → downloaded → closed', () => {
    const confirm = run([{ type: 'setup-ready', setup }]);
    expect(confirm).toEqual({ step: 'confirm', setup });
    const shown = twoFactorFlowReducer(confirm, { type: 'enabled', codes });
    expect(shown).toEqual({ step: 'backup-codes', codes, origin: 'enabled', downloaded: false });
    const downloaded = twoFactorFlowReducer(shown, { type: 'downloaded' });
    expect(downloaded).toMatchObject({ step: 'backup-codes', downloaded: true });
    expect(twoFactorFlowReducer(downloaded, { type: 'close' })).toEqual({ step: 'idle' });
  });

  it('a second setup before the first code replaces the pending secret', () => {
    const other = { ...setup, secret: 'OTHERSECRET234' };
    expect(
      run([
        { type: 'setup-ready', setup },
        { type: 'setup-ready', setup: other },
      ]),
    ).toEqual({
      step: 'confirm',
      setup: other,
    });
  });

  it('switching off asks a code, then goes back to idle', () => {
    const asking = run([{ type: 'ask-disable' }]);
    expect(asking).toEqual({ step: 'disable' });
    expect(twoFactorFlowReducer(asking, { type: 'disabled' })).toEqual({ step: 'idle' });
  });

  it('regenerating asks a code, then shows the new codes', () => {
    expect(run([{ type: 'ask-regenerate' }, { type: 'regenerated', codes }])).toEqual({
      step: 'backup-codes',
      codes,
      origin: 'regenerated',
      downloaded: false,
    });
  });

  it('ignores events that do not fit the current step', () => {
    const idle = INITIAL_TWO_FACTOR_FLOW;
    expect(twoFactorFlowReducer(idle, { type: 'enabled', codes })).toBe(idle);
    expect(twoFactorFlowReducer(idle, { type: 'downloaded' })).toBe(idle);
    expect(twoFactorFlowReducer(idle, { type: 'disabled' })).toBe(idle);
    const confirm = run([{ type: 'setup-ready', setup }]);
    expect(twoFactorFlowReducer(confirm, { type: 'ask-disable' })).toBe(confirm);
    expect(twoFactorFlowReducer(confirm, { type: 'regenerated', codes })).toBe(confirm);
    const disabling = run([{ type: 'ask-disable' }]);
    expect(twoFactorFlowReducer(disabling, { type: 'setup-ready', setup })).toBe(disabling);
    expect(twoFactorFlowReducer(disabling, { type: 'enabled', codes })).toBe(disabling);
  });

  it('the switch is off by default, on while being switched on, and follows the server otherwise', () => {
    expect(twoFactorSwitchChecked(false, INITIAL_TWO_FACTOR_FLOW)).toBe(false);
    expect(twoFactorSwitchChecked(false, run([{ type: 'setup-ready', setup }]))).toBe(true);
    expect(twoFactorSwitchChecked(true, run([{ type: 'ask-disable' }]))).toBe(true);
    expect(twoFactorSwitchChecked(true, INITIAL_TWO_FACTOR_FLOW)).toBe(true);
  });

  it('flipping the switch starts the setup when off and asks a code when on', () => {
    expect(twoFactorToggleAction(false, true)).toBe('setup');
    expect(twoFactorToggleAction(true, false)).toBe('disable');
    expect(twoFactorToggleAction(true, true)).toBeNull();
    expect(twoFactorToggleAction(false, false)).toBeNull();
  });

  it('writes the backup codes file with every code, numbered, and the account', () => {
    const text = backupCodesText(codes, 'maria@exemplo.com.br', new Date('2026-02-10T15:04:05Z'));
    expect(text).toContain('Conta: maria@exemplo.com.br');
    expect(text).toContain('Gerados em: 10/02/2026 12:04:05');
    expect(text).toContain(' 1. AAAA0-BBBB0');
    expect(text).toContain('10. AAAA9-BBBB9');
    expect(text.split('\n').filter((l) => /^\s?\d+\. /.test(l))).toHaveLength(10);
  });
});
