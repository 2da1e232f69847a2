import { MESSAGES, type ProfileUser } from '@arbitra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const profile: ProfileUser = {
  ...TEST_USER,
  createdAt: '2026-01-10T12:00:00.000Z',
  lastLoginAt: '2026-02-01T12:00:00.000Z',
  passwordChangedAt: '2026-01-10T12:00:00.000Z',
  twoFactorEnabled: false,
  termsVersion: '2026-11-23',
  termsAcceptedAt: '2026-11-23T10:00:00.000Z',
};

async function openProfile() {
  storeSession(TEST_USER);
  const app = renderApp('/dashboard?tab=profile');
  const region = await screen.findByRole('region', { name: 'Perfil' }, { timeout: 15_000 });
  const form = await within(region).findByRole('form', { name: 'Informações pessoais' });
  return { app, form };
}

const input = (form: HTMLElement, label: string) => within(form).getByLabelText<HTMLInputElement>(label);
const type = (form: HTMLElement, label: string, value: string) =>
  changeField(input(form, label), { target: { value } });
const save = (form: HTMLElement) =>
  fireEvent.click(within(form).getByRole('button', { name: 'Salvar alterações' }));

describe('dashboard › Perfil', () => {
  it("loads the profile, saves it, says 'Perfil atualizado com sucesso!' and updates the header", async () => {
    const api = mockApi({
      'GET /api/user/profile': () => json(200, { user: profile }),
      'PUT /api/user/profile': (body) =>
        json(200, {
          message: MESSAGES.profile.updated,
          user: { ...profile, name: (body as { name: string }).name },
        }),
    });
    const { form } = await openProfile();
    expect(input(form, 'Nome completo').value).toBe(TEST_USER.name);
    expect(input(form, 'Email').value).toBe(TEST_USER.email);

    type(form, 'Nome completo', 'Maria Souza Lima');
    save(form);
    expect((await within(form).findByRole('status')).textContent).toContain('Perfil atualizado com sucesso!');
    expect(api.bodies('PUT /api/user/profile')).toEqual([
      { name: 'Maria Souza Lima', email: TEST_USER.email },
    ]);
    await waitFor(() =>
      expect(within(screen.getByRole('banner')).getByText('Maria Souza Lima')).toBeDefined(),
    );
    expect((JSON.parse(localStorage.getItem('user') ?? '') as { name: string }).name).toBe(
      'Maria Souza Lima',
    );
  });

  it("shows SPEC's password messages before calling the server", async () => {
    const api = mockApi({ 'GET /api/user/profile': () => json(200, { user: profile }) });
    const { form } = await openProfile();
    type(form, 'Nova senha', 'curta');
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toContain('Senha atual é obrigatória');
    type(form, 'Senha atual', 'senha-atual');
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Nova senha deve ter pelo menos 8 caracteres',
    );
    type(form, 'Nova senha', 'nova-senha-123');
    type(form, 'Confirmar nova senha', 'nova-senha-12');
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Confirmação de senha não confere',
    );
    type(form, 'Confirmar nova senha', 'nova-senha-123');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(api.bodies('PUT /api/user/profile')).toEqual([]);
  });

  it("shows the server's message (e.g. a wrong current password), else 'Erro ao atualizar perfil'", async () => {
    let answer = json(400, { message: MESSAGES.profile.currentPasswordWrong, code: 'wrong_password' });
    mockApi({
      'GET /api/user/profile': () => json(200, { user: profile }),
      'PUT /api/user/profile': () => answer,
    });
    const { form } = await openProfile();
    type(form, 'Senha atual', 'errada-123');
    type(form, 'Nova senha', 'nova-senha-123');
    type(form, 'Confirmar nova senha', 'nova-senha-123');
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      MESSAGES.profile.currentPasswordWrong,
    );
    answer = new Response('', { status: 500 });
    save(form);
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain(MESSAGES.profile.updateError),
    );
  });

  it('keeps what was typed when the server cannot be reached, and never says it saved', async () => {
    mockApi({ 'GET /api/user/profile': () => json(200, { user: profile }) });
    const { form } = await openProfile();
    type(form, 'Nome completo', 'Outro Nome');
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(MESSAGES.common.connectionError);
    expect(within(form).getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
    expect(input(form, 'Nome completo').value).toBe('Outro Nome');
    expect(within(form).queryByText(MESSAGES.profile.updated)).toBeNull();
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    let up = false;
    mockApi({
      'GET /api/user/profile': () => {
        if (!up) throw new TypeError('Failed to fetch');
        return json(200, { user: profile });
      },
    });
    storeSession(TEST_USER);
    renderApp('/dashboard?tab=profile');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 15_000 });
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.common.connectionError);
    up = true;
    fireEvent.click(retry);
    expect(await screen.findByRole('form', { name: 'Informações pessoais' })).toBeDefined();
  });

  it(
    'deletes the account after the password (and a code when 2FA is on), then goes to /',
    { timeout: 15_000 },
    async () => {
      const api = mockApi({
        'GET /api/user/profile': () => json(200, { user: { ...profile, twoFactorEnabled: true } }),
        'DELETE /api/user/account': () => json(200, { message: MESSAGES.profile.accountDeleted }),
      });
      const { app } = await openProfile();
      fireEvent.click(screen.getByRole('button', { name: 'Excluir conta' }));
      const dialog = await screen.findByRole('dialog', { name: 'Excluir conta' });
      const confirm = () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir conta definitivamente' }));
      confirm();
      expect((await within(dialog).findByRole('alert')).textContent).toContain(
        MESSAGES.profile.deletePasswordRequired,
      );
      changeField(within(dialog).getByLabelText('Senha'), { target: { value: 'senha-segura' } });
      confirm();
      expect((await within(dialog).findByRole('alert')).textContent).toContain(
        MESSAGES.twoFactor.codeRequiredForDelete,
      );
      changeField(within(dialog).getByLabelText('Código de autenticação'), {
        target: { value: '123456' },
      });
      confirm();
      await waitFor(() => expect(app.location()).toBe('/'), { timeout: 15_000 });
      // The session is forgotten once the dialog is gone (its cleanup), which may be a render after the navigation.
      await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
      expect(api.bodies('DELETE /api/user/account')).toEqual([{ password: 'senha-segura', code: '123456' }]);
    },
  );
});
