import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { PLANS } from '@arbitra/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { adminApi } from '../api/admin-api';

const selectClass = 'h-10 rounded-md border border-input bg-transparent px-3 text-sm';

/** 'Add User': name, email, role, plan; the new user gets an email to set their password (audited). */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [plan, setPlan] = useState<'trial' | 'basic' | 'professional' | 'enterprise'>('trial');
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: () => adminApi.createUser({ name, email, role, plan }),
    onSuccess: (res) => {
      toast({ title: res.message });
      setOpen(false);
      setName('');
      setEmail('');
      void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <UserPlus className="size-4" /> Add User
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adicionar usuário</DialogTitle>
          <DialogDescription>
            O usuário recebe um email com o link para definir a senha (válido por 72 horas).
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-user-name">Nome</Label>
            <Input id="new-user-name" value={name} onChange={(e) => setName(e.target.value)} required />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-user-email">Email</Label>
            <Input
              id="new-user-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="new-user-role">Perfil</Label>
              <select
                id="new-user-role"
                className={selectClass}
                value={role}
                onChange={(e) => setRole(e.target.value as 'user' | 'admin')}
              >
                <option value="user">Usuário</option>
                <option value="admin">Administrador</option>
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="new-user-plan">Plano</Label>
              <select
                id="new-user-plan"
                className={selectClass}
                value={plan}
                disabled={role === 'admin'}
                onChange={(e) => setPlan(e.target.value as typeof plan)}
              >
                <option value="trial">Período de teste (7 dias)</option>
                {PLANS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} (concedido por 30 dias)
                  </option>
                ))}
              </select>
            </div>
          </div>
          {create.error ? <FormAlert message={errorMessage(create.error, 'Erro ao criar usuário')} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Criar e enviar convite
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
