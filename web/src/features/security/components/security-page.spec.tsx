import { MESSAGES, type SecurityOverview, type SessionInfo } from '@arbitra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

const overview: SecurityOverview = {
  twoFactorEnabled: false,
  backupCodesRemaining: 0,
  passwordChangedAt: '2026-01-10T12:00:00.000Z',
  passwordAgeDays: 3,
  securityStatus: 'Média',
  securityLevel: 'medium',
  recommendations: ['Ative a autenticação em dois fatores'],
  lastLoginAt: '2026-02-10T15:04:05.000Z',
  lastLoginIp: '203.0.113.7',
  lastLoginDevice: 'Chrome 120 no Linux',
  activeSessions: 2,
};

const session = (id: string, current: boolean, device: string): SessionInfo => ({
  id,
  device,
  browser: null,
  os: null,
  deviceType: null,
  ip: '203.0.113.7',
  location: null,
  createdAt: '2026-02-10T15:00:00.000Z',
  lastActive: '2026-02-10T15:04:05.000Z',
  expiresAt: '2026-02-11T03:00:00.000Z',
  current,
});

const codes = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`);

let twoFactorOn = false;
let sessions: SessionInfo[] = [];

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user/security': () => json(200, { ...overview, twoFactorEnabled: twoFactorOn }),
    'GET /api/user/2fa': () =>
      json(200, {
        enabled: twoFactorOn,
        enabledAt: twoFactorOn ? '2026-02-10T15:04:05.000Z' : null,
        backupCodesRemaining: twoFactorOn ? 10 : 0,
      }),
    'POST /api/user/2fa/setup': () =>
      json(200, {
        otpauthUrl: 'otpauth://totp/x',
        qrCodeDataUrl: 'data:image/png;base64,AAAA',
        secret: 'JBSWY3DPEHPK3PXP',
      }),
    'POST /api/user/2fa/enable': (body) => {
      if ((body as { code: string }).code !== '654321') {
        return json(400, { message: MESSAGES.twoFactor.invalidCode, code: 'invalid_code' });
      }
      twoFactorOn = true;
      return json(200, { message: MESSAGES.twoFactor.enabled, backupCodes: codes });
    },
    'POST /api/user/2fa/disable': () => {
      twoFactorOn = false;
      return json(200, { message: MESSAGES.twoFactor.disabled });
    },
    'GET /api/user/notifications': () =>
      json(200, { email: true, sms: false, loginAlerts: true, tradingAlerts: true }),
    'GET /api/user/sessions': () => json(200, sessions),
    'GET /api/user/audit': () =>
      json(200, {
        items: [
          {
            id: '2',
            action: 'login',
            label: 'Login realizado',
            ip: '203.0.113.7',
            device: 'Chrome 120 no Linux',
            metadata: {},
            createdAt: '2026-02-10T15:04:05.000Z',
          },
          {
            id: '1',
            action: 'register',
            label: 'Conta criada',
            ip: null,
            device: null,
            metadata: {},
            createdAt: '2026-02-10T15:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    ...extra,
  });
}

beforeEach(() => {
  twoFactorOn = false;
  sessions = [
    session('s-1', true, 'Chrome 120 no Linux'),
    session('s-2', false, 'Firefox 121 no Windows 10'),
  ];
  URL.createObjectURL = vi.fn(() => 'blob:codigos');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openSecurity() {
  storeSession(TEST_USER);
  renderApp('/security');
  return screen.findByRole('switch', { name: 'Verificação em duas etapas' }, { timeout: 15_000 });
}

describe('/security', () => {
  it('shows the summary cards, the sessions and the recent activity from the server', async () => {
    api();
    await openSecurity();
    expect(
      within(screen.getByRole('group', { name: 'Status de segurança' })).getByText('Média'),
    ).toBeDefined();
    expect(
      within(screen.getByRole('group', { name: 'Último login' })).getByText('10/02/2026 12:04:05'),
    ).toBeDefined();
    expect(within(screen.getByRole('group', { name: 'Sessões ativas' })).getByText('2')).toBeDefined();

    const rows = await screen.findAllByRole('listitem', { name: /^Sessão:/ });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Sessão atual')).toBeDefined();
    expect(within(rows[0]!).queryByRole('button', { name: 'Encerrar' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Encerrar' })).toBeDefined();
    expect(rows[1]!.textContent).toContain('Localização desconhecida');

    const activity = await screen.findByRole('table', { name: 'Atividade recente' });
    expect(within(activity).getByText('Login realizado')).toBeDefined();
    expect(within(activity).getByText('Conta criada')).toBeDefined();
  });

  it("ends another session with 'Encerrar' (DELETE on the server)", async () => {
    const calls = api({
      'DELETE /api/user/sessions/s-2': () => {
        sessions = sessions.filter((s) => s.id !== 's-2');
        return json(200, { message: MESSAGES.sessions.revoked, current: false });
      },
    });
    await openSecurity();
    const rows = await screen.findAllByRole('listitem', { name: /^Sessão:/ });
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Encerrar' }));
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Sessão:/ })).toHaveLength(1));
    expect(calls.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('turns two-factor on: QR and secret, first code, backup codes downloaded as .txt', async () => {
    const calls = api();
    const toggle = await openSecurity();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Ativar autenticação em dois fatores' });
    expect(
      within(dialog).getByRole('img', { name: 'QR code para o aplicativo autenticador' }).getAttribute('src'),
    ).toBe('data:image/png;base64,AAAA');
    expect(within(dialog).getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    const code = within(dialog).getByLabelText('Código de 6 dígitos');
    changeField(code, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(MESSAGES.twoFactor.invalidCode);
    changeField(code, { target: { value: '654321' } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ativar' }));

    const codesDialog = await screen.findByRole('dialog', { name: 'Guarde seus códigos de backup' });
    const list = within(codesDialog).getByRole('list', { name: 'Códigos de backup' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(codesDialog).getByRole('button', { name: 'Baixar códigos (.txt)' }));
    expect(click).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^arbitra-codigos-de-backup-\d{4}-\d{2}-\d{2}\.txt$/);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    const text = await blob.text();
    for (const c of codes) expect(text).toContain(c);
    expect((await screen.findAllByText(MESSAGES.twoFactor.backupCodesDownloaded)).length).toBeGreaterThan(0);

    fireEvent.click(within(codesDialog).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Códigos de backup restantes:', { exact: false });
    expect(
      screen.getByRole('switch', { name: 'Verificação em duas etapas' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(calls.bodies('POST /api/user/2fa/enable')).toEqual([{ code: '111111' }, { code: '654321' }]);
    click.mockRestore();
  });

  it('turns two-factor off after a code', async () => {
    twoFactorOn = true;
    const calls = api();
    const toggle = await openSecurity();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Desativar autenticação em dois fatores' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(MESSAGES.twoFactor.codeRequired);
    changeField(within(dialog).getByLabelText('Código de autenticação'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Verificação em duas etapas' }).getAttribute('aria-checked'),
      ).toBe('false'),
    );
    expect(calls.bodies('POST /api/user/2fa/disable')).toEqual([{ code: '123456' }]);
  });

  it('changes the password on the server, with the security page messages', async () => {
    const calls = api({
      'POST /api/user/password': () => json(200, { message: MESSAGES.profile.passwordChanged }),
    });
    await openSecurity();
    const form = screen.getByRole('form', { name: 'Alterar senha' });
    const type = (label: string, value: string) =>
      changeField(within(form).getByLabelText(label), { target: { value } });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    submit();
    expect((await within(form).findByRole('alert')).textContent).toContain('Senha atual é obrigatória');
    type('Senha atual', 'senha-atual');
    type('Nova senha', 'nova-senha-123');
    type('Confirmar nova senha', 'nova-senha-124');
    submit();
    expect((await within(form).findByRole('alert')).textContent).toContain('As senhas não coincidem');
    expect(calls.bodies('POST /api/user/password')).toEqual([]);
    type('Confirmar nova senha', 'nova-senha-123');
    submit();
    expect((await within(form).findByRole('status')).textContent).toContain('Senha alterada com sucesso!');
    for (const label of ['Senha atual', 'Nova senha', 'Confirmar nova senha']) {
      expect(within(form).getByLabelText(label)).toHaveProperty('value', '');
    }
    expect(calls.bodies('POST /api/user/password')).toEqual([
      { currentPassword: 'senha-atual', newPassword: 'nova-senha-123', confirmPassword: 'nova-senha-123' },
    ]);
  });

  it("'Notificações' saves a toggle on the server and puts it back when saving fails", async () => {
    let fail = false;
    const calls = api({
      'PUT /api/user/notifications': (body) =>
        fail
          ? json(500, { message: MESSAGES.common.internal, code: 'internal_error' })
          : json(200, {
              email: true,
              sms: false,
              loginAlerts: true,
              tradingAlerts: true,
              ...(body as object),
              message: MESSAGES.notifications.updated,
            }),
    });
    // The switches are under 'Notificações' (DECISIONS §13: their own entry of the navigation).
    storeSession(TEST_USER);
    renderApp('/dashboard?tab=notifications');
    // SMS is not offered: said plainly, no switch.
    expect(await screen.findByText(/Não oferecido: ainda não temos um provedor de SMS/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Notificações por SMS' })).toBeNull();
    const email = await screen.findByRole('switch', { name: 'Notificações por email' });
    fireEvent.click(email);
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('false'));
    expect(calls.bodies('PUT /api/user/notifications')).toEqual([{ email: false }]);

    fail = true;
    const trading = screen.getByRole('switch', { name: 'Alertas de trading' });
    await waitFor(() => expect(trading).toHaveProperty('disabled', false));
    fireEvent.click(trading);
    await waitFor(() => expect(calls.bodies('PUT /api/user/notifications')).toHaveLength(2));
    await waitFor(() => expect(trading.getAttribute('aria-checked')).toBe('true'));
    expect((await screen.findAllByText(MESSAGES.common.internal)).length).toBeGreaterThan(0);
  });
});
