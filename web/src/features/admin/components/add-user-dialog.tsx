import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { PLANS, type PlanId } from '@arbitra/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogContent, DialogHead, DialogTrigger } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField, SelectField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { adminApi } from '../api/admin-api';

const selectClass = 'h-10 rounded-md border border-input bg-transparent px-3 text-sm';
const ROLE_OPTIONS = [
  { value: 'user', label: 'Usuário' },
  { value: 'admin', label: 'Administrador' },
] as const;
const PLAN_OPTIONS: { value: 'trial' | PlanId; label: string }[] = [
  { value: 'trial', label: 'Período de teste (7 dias)' },
  ...PLANS.map((p) => ({ value: p.id, label: `${p.name} (concedido por 30 dias)` })),
];

/** 'Add User': name, email, role, plan; the new user gets an email to set their password (audited). */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [plan, setPlan] = useState<'trial' | PlanId>('trial');
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
        <DialogHead
          title="Adicionar usuário"
          description="O usuário recebe um email com o link para definir a senha (válido por 72 horas)."
        />
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <InputField
            id="new-user-name"
            label="Nome"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <InputField
            id="new-user-email"
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              id="new-user-role"
              label="Perfil"
              className={selectClass}
              value={role}
              onChange={setRole}
              options={ROLE_OPTIONS}
            />
            <SelectField
              id="new-user-plan"
              label="Plano"
              className={selectClass}
              value={plan}
              disabled={role === 'admin'}
              onChange={setPlan}
              options={PLAN_OPTIONS}
            />
          </div>
          {create.error ? <FormAlert message={errorMessage(create.error, 'Erro ao criar usuário')} /> : null}
          <DialogActions
            onCancel={() => setOpen(false)}
            pending={create.isPending}
            confirm="Criar e enviar convite"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
