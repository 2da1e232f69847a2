import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { SimulatedDataBadge } from './simulated-data-badge';
import { Toaster } from './toaster';
import { toast } from './use-toast';

describe('ui kit', () => {
  it('ConfirmDialog calls onConfirm and lets the caller close it', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Excluir bot"
        description="Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        destructive
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Excluir bot' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows a toast raised from anywhere', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Bot criado com sucesso!', variant: 'success' });
    });
    expect(screen.getByText('Bot criado com sucesso!')).toBeDefined();
  });

  it('labels simulated data', () => {
    render(<SimulatedDataBadge />);
    expect(screen.getByText('Dados simulados')).toBeDefined();
  });
});
