import type {
  ExchangeValidatedEvent,
  PlanExchangeInfo,
  SupportedExchange,
  UserExchange,
} from '@arbitra/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { QueryProvider } from '@/app/query-provider';
import { createSessionStore } from '@/lib/session';
import { ApiKeysSection } from './api-keys-section';
import { ExchangesTab } from './exchanges-tab';

const { io, handlers } = vi.hoisted(() => {
  const handlers = new Map<string, (payload: unknown) => void>();
  const fakeSocket = {
    disconnect: () => undefined,
    on: (event: string, fn: (payload: unknown) => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
  };
  return { handlers, io: () => fakeSocket };
});
vi.mock('socket.io-client', () => ({ io }));

const KEY = 'AbCdEfGh0123456789KLMNOPqrstuvwx';
const SECRET = 'zyxwVUTS9876543210abcdefABCDEF00';

const SUPPORTED: SupportedExchange[] = [
  { name: 'binance', display_name: 'Binance', requires_passphrase: false },
  { name: 'mercadobitcoin', display_name: 'Mercado Bitcoin', requires_passphrase: false },
  { name: 'gateio', display_name: 'Gate.io', requires_passphrase: true },
];

function credential(over: Partial<UserExchange> = {}): UserExchange {
  return {
    id: 'c-1',
    exchange_name: 'binance',
    display_name: 'Binance',
    requires_passphrase: false,
    api_key: KEY,
    api_key_preview: 'AbCd••••uvwx',
    has_passphrase: false,
    is_active: true,
    is_validated: false,
    validation_status: 'pending',
    validation_reason: null,
    validated_at: null,
    permissions: null,
    can_withdraw: null,
    created_at: '2026-02-10T12:00:00.000Z',
    updated_at: '2026-02-10T12:00:00.000Z',
    last_used_at: null,
    ...over,
  };
}

interface Server {
  list: UserExchange[];
  plan: PlanExchangeInfo;
  /** What POST/PUT answer; 'network' makes fetch reject. */
  save: 'ok' | 'network';
  calls: { method: string; path: string; body?: unknown }[];
}

let server: Server;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  handlers.clear();
  // jsdom has no ResizeObserver; Radix's switch inside a form measures itself with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  server = {
    list: [],
    plan: {
      plan: 'Profissional',
      plan_id: 'professional',
      max_exchanges: 5,
      unlimited_exchanges: false,
      used_exchanges: 0,
    },
    save: 'ok',
    calls: [],
  };
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(url, 'http://localhost').pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    server.calls.push({ method, path, body });
    if (path === '/api/exchanges/supported') return Promise.resolve(json(200, SUPPORTED));
    if (path === '/api/user/plan-exchange-info') return Promise.resolve(json(200, server.plan));
    if (path === '/api/user/exchanges' && method === 'GET') return Promise.resolve(json(200, server.list));
    if (server.save === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (path === '/api/user/exchanges' && method === 'POST') {
      const saved = credential({ id: 'c-new', api_key: KEY });
      server.list = [...server.list, saved];
      return Promise.resolve(json(201, { message: 'Exchange adicionada com sucesso!', exchange: saved }));
    }
    if (method === 'PUT') {
      const id = path.split('/').pop();
      const updated = { ...server.list.find((e) => e.id === id)!, ...(body as Partial<UserExchange>) };
      server.list = server.list.map((e) => (e.id === id ? updated : e));
      return Promise.resolve(json(200, { message: 'Exchange atualizada com sucesso!', exchange: updated }));
    }
    if (method === 'DELETE') {
      server.list = server.list.filter((e) => !path.endsWith(e.id));
      return Promise.resolve(json(200, { message: 'Exchange removida com sucesso!' }));
    }
    return Promise.resolve(json(404, { message: 'Recurso não encontrado' }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWithSession(ui: React.ReactNode) {
  const store = createSessionStore();
  store.signIn('tok', { id: 'u-1', name: 'Maria', email: 'maria@exemplo.com.br', role: 'user' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders sessionStore={store}>
      <QueryProvider client={queryClient}>{ui}</QueryProvider>
    </AppProviders>,
  );
}

async function openAddForm() {
  const add = await screen.findByRole('button', { name: 'Adicionar Exchange' });
  await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
  fireEvent.click(add);
  return screen.findByRole('form', { name: 'Formulário de exchange' });
}

describe('Exchanges tab', () => {
  it('shows the key masked with reveal/hide, the status and its reason, and updates live from the socket', async () => {
    server.list = [
      credential({
        validation_status: 'unreachable',
        validation_reason:
          'não foi possível contatar a exchange: falha de rede ou de DNS. Tente validar novamente.',
      }),
    ];
    renderWithSession(<ExchangesTab />);
    const card = await screen.findByTestId('exchange-binance');
    expect(within(card).getByTestId('api-key').textContent).toBe('AbCd••••uvwx');
    expect(card.textContent).not.toContain(KEY);
    fireEvent.click(within(card).getByRole('button', { name: 'Mostrar API Key da Binance' }));
    expect(within(card).getByTestId('api-key').textContent).toBe(KEY);
    fireEvent.click(within(card).getByRole('button', { name: 'Ocultar API Key da Binance' }));
    expect(within(card).getByTestId('api-key').textContent).toBe('AbCd••••uvwx');
    expect(within(card).getByTestId('credential-status').textContent).toBe(
      'Não foi possível contatar a exchange',
    );
    expect(within(card).getByTestId('validation-reason').textContent).toBe(
      'não foi possível contatar a exchange: falha de rede ou de DNS. Tente validar novamente.',
    );

    const event: ExchangeValidatedEvent = {
      id: 'c-1',
      exchange_name: 'binance',
      is_validated: true,
      validation_status: 'valid',
      validation_reason: 'Saldo consultado com sucesso (somente leitura)',
      validated_at: '2026-02-10T12:01:00.000Z',
      permissions: ['read', 'trade', 'withdraw'],
      can_withdraw: true,
      last_used_at: '2026-02-10T12:01:00.000Z',
    };
    await waitFor(() => expect(handlers.has('exchange:validated')).toBe(true));
    act(() => handlers.get('exchange:validated')?.(event));
    await waitFor(() =>
      expect(within(card).getByTestId('credential-status').textContent).toBe('Credenciais Válidas'),
    );
    expect(within(card).getByText('Saque')).toBeDefined();
    expect(within(card).getByRole('note').textContent).toContain('Esta chave permite saques');
  });

  it('checks the form client-side first, in SPEC order, without calling the server', async () => {
    renderWithSession(<ExchangesTab />);
    const form = await openAddForm();
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    const alert = () => within(form).getByRole('alert').textContent;

    submit();
    expect(alert()).toBe('Selecione uma exchange');
    changeField(within(form).getByLabelText('Exchange'), { target: { value: 'gateio' } });
    expect(within(form).queryByRole('alert')).toBeNull(); // editing a field clears the message
    submit();
    expect(alert()).toBe('API Key é obrigatória');
    changeField(within(form).getByLabelText('API Key'), { target: { value: KEY } });
    submit();
    expect(alert()).toBe('API Secret é obrigatório');
    changeField(within(form).getByLabelText('API Secret'), { target: { value: SECRET } });
    submit();
    expect(alert()).toBe('Passphrase é obrigatória para esta exchange');
    // Binance needs no passphrase: the field goes away.
    changeField(within(form).getByLabelText('Exchange'), { target: { value: 'binance' } });
    expect(within(form).queryByLabelText('Passphrase')).toBeNull();
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("saves: 'Exchange adicionada com sucesso!' and the new key in the list", async () => {
    renderWithSession(<ExchangesTab />);
    const form = await openAddForm();
    changeField(within(form).getByLabelText('Exchange'), { target: { value: 'binance' } });
    changeField(within(form).getByLabelText('API Key'), { target: { value: KEY } });
    changeField(within(form).getByLabelText('API Secret'), { target: { value: SECRET } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Exchange adicionada com sucesso!')).toBeDefined();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      exchange_name: 'binance',
      api_key: KEY,
      api_secret: SECRET,
      is_active: true,
    });
    expect(await screen.findByTestId('exchange-binance')).toBeDefined();
  });

  it("a network failure says 'Erro de rede ao salvar exchange' and keeps everything typed", async () => {
    server.save = 'network';
    renderWithSession(<ExchangesTab />);
    const form = await openAddForm();
    changeField(within(form).getByLabelText('Exchange'), { target: { value: 'binance' } });
    changeField(within(form).getByLabelText('API Key'), { target: { value: KEY } });
    changeField(within(form).getByLabelText('API Secret'), { target: { value: SECRET } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Erro de rede ao salvar exchange')).toBeDefined();
    expect(within(form).getByLabelText<HTMLSelectElement>('Exchange').value).toBe('binance');
    expect(within(form).getByLabelText<HTMLInputElement>('API Key').value).toBe(KEY);
    expect(within(form).getByLabelText<HTMLInputElement>('API Secret').value).toBe(SECRET);
  });

  it("disables the add button at the plan's limit and says so", async () => {
    server.list = [credential(), credential({ id: 'c-2', exchange_name: 'mexc', display_name: 'MEXC' })];
    server.plan = {
      plan: 'Básico',
      plan_id: 'basic',
      max_exchanges: 2,
      unlimited_exchanges: false,
      used_exchanges: 2,
    };
    renderWithSession(<ExchangesTab />);
    expect(await screen.findByText('Plano Básico: 2 de 2 exchanges')).toBeDefined();
    expect(await screen.findByText(/Limite do plano atingido \(2 exchanges\)/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Adicionar Exchange' }).hasAttribute('disabled')).toBe(true);
  });

  it('edits with the exchange fixed, toggles, and removes after confirmation', async () => {
    server.list = [credential({ validation_status: 'valid', is_validated: true })];
    renderWithSession(<ExchangesTab />);
    const card = await screen.findByTestId('exchange-binance');

    fireEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('form', { name: 'Formulário de exchange' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Exchange').disabled).toBe(true);
    expect(within(form).getByLabelText<HTMLInputElement>('API Key').value).toBe(KEY);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(within(card).getByRole('switch', { name: 'Desativar Binance' }));
    await waitFor(() => expect(within(card).getByText('Inativa')).toBeDefined());
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_active: false });

    fireEvent.click(within(card).getByRole('button', { name: 'Remover Binance' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Exchange removida com sucesso!')).toBeDefined();
    await waitFor(() => expect(screen.queryByTestId('exchange-binance')).toBeNull());
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/exchanges/c-1')).toBe(
      true,
    );
  });

  it("a failed load says 'Erro de rede ao carregar exchanges' and offers to try again", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithSession(<ExchangesTab />);
    expect(await screen.findByText('Erro de rede ao carregar exchanges')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
  });
});

describe("/security 'API Keys'", () => {
  it('lists the same credentials with preview, permissions, dates and status; deletes on the server', async () => {
    server.list = [
      credential({
        validation_status: 'valid',
        permissions: ['read', 'trade'],
        last_used_at: '2026-02-11T15:30:00.000Z',
      }),
    ];
    renderWithSession(<ApiKeysSection />);
    const row = await screen.findByTestId('api-key-binance');
    expect(row.textContent).toContain('Binance');
    expect(row.textContent).toContain('AbCd••••uvwx');
    expect(row.textContent).toContain('Leitura');
    expect(row.textContent).toContain('Negociação');
    expect(row.textContent).toContain('10/02/2026 09:00:00');
    expect(row.textContent).toContain('11/02/2026 12:30:00');
    expect(row.textContent).toContain('Credenciais Válidas');
    expect(row.textContent).not.toContain(KEY);
    expect(screen.getByRole('button', { name: 'Adicionar API Key' })).toBeDefined();

    fireEvent.click(within(row).getByRole('button', { name: 'Excluir API Key da Binance' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-binance')).toBeNull());
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
