import type { TwoFactorSetupResponse } from '@arbitra/contracts';
import { formatDateTime } from '@/lib/format';

/**
 * The two-factor dialogs of /security as a state machine (DECISIONS §5):
 * switch on → setup (QR + secret) → first code → the 10 backup codes, shown once, downloadable;
 * switch off → a code; 'Gerar novos códigos' → a code → the new codes.
 */
export type TwoFactorFlow =
  | { step: 'idle' }
  | { step: 'confirm'; setup: Pick<TwoFactorSetupResponse, 'qrCodeDataUrl' | 'secret'> }
  | { step: 'backup-codes'; codes: readonly string[]; origin: 'enabled' | 'regenerated'; downloaded: boolean }
  | { step: 'disable' }
  | { step: 'regenerate' };

export type TwoFactorEvent =
  | { type: 'setup-ready'; setup: Pick<TwoFactorSetupResponse, 'qrCodeDataUrl' | 'secret'> }
  | { type: 'enabled'; codes: readonly string[] }
  | { type: 'ask-disable' }
  | { type: 'disabled' }
  | { type: 'ask-regenerate' }
  | { type: 'regenerated'; codes: readonly string[] }
  | { type: 'downloaded' }
  | { type: 'close' };

export const INITIAL_TWO_FACTOR_FLOW: TwoFactorFlow = { step: 'idle' };

/** Events that do not fit the current step leave it as it is. */
export function twoFactorFlowReducer(state: TwoFactorFlow, event: TwoFactorEvent): TwoFactorFlow {
  switch (event.type) {
    case 'setup-ready':
      // A new setup before the first code replaces the pending secret (the server does the same).
      return state.step === 'idle' || state.step === 'confirm'
        ? { step: 'confirm', setup: event.setup }
        : state;
    case 'enabled':
      return state.step === 'confirm'
        ? { step: 'backup-codes', codes: event.codes, origin: 'enabled', downloaded: false }
        : state;
    case 'ask-disable':
      return state.step === 'idle' ? { step: 'disable' } : state;
    case 'disabled':
      return state.step === 'disable' ? { step: 'idle' } : state;
    case 'ask-regenerate':
      return state.step === 'idle' ? { step: 'regenerate' } : state;
    case 'regenerated':
      return state.step === 'regenerate'
        ? { step: 'backup-codes', codes: event.codes, origin: 'regenerated', downloaded: false }
        : state;
    case 'downloaded':
      return state.step === 'backup-codes' ? { ...state, downloaded: true } : state;
    case 'close':
      return { step: 'idle' };
  }
}

/** The switch shows on while 2FA is on, and while it is being switched on (the setup dialog is open). */
export function twoFactorSwitchChecked(enabledOnServer: boolean, flow: TwoFactorFlow): boolean {
  if (flow.step === 'confirm') return true;
  if (flow.step === 'backup-codes' && flow.origin === 'enabled') return true;
  return enabledOnServer;
}

/** What flipping the switch starts: the setup when off, the code prompt when on. */
export function twoFactorToggleAction(enabledOnServer: boolean, wantOn: boolean): 'setup' | 'disable' | null {
  if (wantOn && !enabledOnServer) return 'setup';
  if (!wantOn && enabledOnServer) return 'disable';
  return null;
}

/** The .txt the user keeps: one code a line, numbered, with the account and the date. */
export function backupCodesText(
  codes: readonly string[],
  email: string,
  generatedAt: Date = new Date(),
): string {
  return [
    'Arbitra - códigos de backup da autenticação em dois fatores',
    `Conta: ${email}`,
    `Gerados em: ${formatDateTime(generatedAt)}`,
    '',
    'Cada código pode ser usado uma única vez, no lugar do código do aplicativo autenticador.',
    'Guarde este arquivo em um local seguro. Gerar novos códigos invalida estes.',
    '',
    ...codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}
