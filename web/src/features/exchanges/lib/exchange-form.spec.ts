import { maskApiKey, type SupportedExchange } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { EMPTY_FORM, toRequestBody, validateExchangeFormState } from './exchange-form';
import { exchangeErrorMessage } from './exchange-messages';

const SUPPORTED: SupportedExchange[] = [
  { name: 'binance', display_name: 'Binance', requires_passphrase: false },
  { name: 'bybit', display_name: 'Bybit', requires_passphrase: false },
  // requires_passphrase is data: an exchange that needs one.
  { name: 'gateio', display_name: 'Gate.io', requires_passphrase: true },
];
const KEY = 'AbCdEfGh0123456789KLMNOPqrstuvwx';
const SECRET = 'zyxwVUTS9876543210abcdefABCDEF00';

describe('the exchange form rules (SPEC §5, in order, client-side first)', () => {
  it('answers one message at a time, in SPEC order', () => {
    const steps: [Partial<typeof EMPTY_FORM>, string | null][] = [
      [{}, 'Selecione uma exchange'],
      [{ exchange_name: 'gateio' }, 'API Key é obrigatória'],
      [{ exchange_name: 'gateio', api_key: KEY }, 'API Secret é obrigatório'],
      [
        { exchange_name: 'gateio', api_key: KEY, api_secret: SECRET },
        'Passphrase é obrigatória para esta exchange',
      ],
      [{ exchange_name: 'gateio', api_key: KEY, api_secret: SECRET, passphrase: 'minha frase' }, null],
      [{ exchange_name: 'binance', api_key: KEY, api_secret: SECRET }, null],
    ];
    for (const [values, message] of steps) {
      expect(validateExchangeFormState({ ...EMPTY_FORM, ...values }, SUPPORTED), JSON.stringify(values)).toBe(
        message,
      );
    }
  });

  it('checks the format after each field is present', () => {
    const v = (values: Partial<typeof EMPTY_FORM>) =>
      validateExchangeFormState({ ...EMPTY_FORM, exchange_name: 'binance', ...values }, SUPPORTED);
    expect(v({ api_key: 'curta', api_secret: SECRET })).toBe('API Key deve ter entre 16 e 256 caracteres');
    expect(v({ api_key: 'tem espaço no meio da chave', api_secret: SECRET })).toMatch(
      /^API Key contém caracteres inválidos/,
    );
    expect(v({ api_key: KEY, api_secret: 'curto' })).toMatch(/^API Secret deve ter entre 16 e 512/);
    // A passphrase typed for an exchange without one is not sent (the field is hidden), so it is no error.
    expect(v({ api_key: KEY, api_secret: SECRET, passphrase: 'resto' })).toBeNull();
  });

  it('editing: the exchange is fixed, a blank secret keeps the stored one unless the key changes', () => {
    const current = { exchange_name: 'binance' as const, api_key: KEY };
    const base = { ...EMPTY_FORM, exchange_name: 'binance', api_key: KEY };
    expect(validateExchangeFormState(base, SUPPORTED, current)).toBeNull();
    expect(validateExchangeFormState({ ...base, api_key: `${KEY}X` }, SUPPORTED, current)).toBe(
      'API Secret é obrigatório',
    );
    expect(validateExchangeFormState({ ...base, exchange_name: 'bybit' }, SUPPORTED, current)).toBe(
      'A exchange não pode ser alterada na edição',
    );
    expect(toRequestBody(base, SUPPORTED)).toEqual({
      exchange_name: 'binance',
      api_key: KEY,
      is_active: true,
    });
  });

  it('sends the passphrase only where the exchange requires it, trimmed', () => {
    expect(
      toRequestBody(
        {
          ...EMPTY_FORM,
          exchange_name: 'gateio',
          api_key: ` ${KEY} `,
          api_secret: SECRET,
          passphrase: ' frase ',
        },
        SUPPORTED,
      ),
    ).toEqual({
      exchange_name: 'gateio',
      api_key: KEY,
      api_secret: SECRET,
      passphrase: 'frase',
      is_active: true,
    });
    expect(
      toRequestBody(
        { ...EMPTY_FORM, exchange_name: 'binance', api_key: KEY, api_secret: SECRET, passphrase: 'x' },
        SUPPORTED,
      ),
    ).not.toHaveProperty('passphrase');
  });
});

describe('the masked preview (SPEC §9)', () => {
  it('shows the first 4 and the last 4 characters when longer than 8, and nothing otherwise', () => {
    expect(maskApiKey('AbCdEfGh0123456789')).toBe('AbCd••••6789');
    expect(maskApiKey('123456789')).toBe('1234••••6789');
    expect(maskApiKey('12345678')).toBe('••••••••');
    expect(maskApiKey('')).toBe('••••••••');
  });
});

describe('error messages (SPEC §8)', () => {
  it("prefers the server's message, else the action's fallback; a network failure is 'Erro de rede ao …'", () => {
    const server = new ApiError(
      'Você já cadastrou credenciais para esta exchange. Edite a existente.',
      409,
      'x',
      { message: 'Você já cadastrou credenciais para esta exchange. Edite a existente.' },
    );
    expect(exchangeErrorMessage(server, 'save')).toBe(
      'Você já cadastrou credenciais para esta exchange. Edite a existente.',
    );
    const bare = new ApiError(
      'Erro interno do servidor. Tente novamente.',
      502,
      undefined,
      '<html>bad gateway</html>',
    );
    expect(exchangeErrorMessage(bare, 'load')).toBe('Erro ao carregar exchanges');
    expect(exchangeErrorMessage(bare, 'save')).toBe('Erro ao salvar exchange');
    expect(exchangeErrorMessage(bare, 'remove')).toBe('Erro ao remover exchange');
    expect(exchangeErrorMessage(bare, 'toggle')).toBe('Erro ao alterar status da exchange');
    const offline = new ApiError('Erro de conexão com o servidor', 0);
    expect(exchangeErrorMessage(offline, 'load')).toBe('Erro de rede ao carregar exchanges');
    expect(exchangeErrorMessage(offline, 'save')).toBe('Erro de rede ao salvar exchange');
    expect(exchangeErrorMessage(offline, 'remove')).toBe('Erro de rede ao remover exchange');
    expect(exchangeErrorMessage(offline, 'toggle')).toBe('Erro de rede ao alterar status da exchange');
  });
});
