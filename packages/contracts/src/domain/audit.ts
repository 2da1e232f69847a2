/** Security events kept in the audit log (DECISIONS §5), with their pt-BR labels for 'Atividade recente'. */
export const AUDIT_ACTION_LABELS = {
  register: 'Conta criada',
  login: 'Login realizado',
  login_failed: 'Tentativa de login falhou',
  logout: 'Logout',
  password_change: 'Senha alterada',
  password_reset_requested: 'Redefinição de senha solicitada',
  password_reset: 'Senha redefinida',
  profile_updated: 'Perfil atualizado',
  email_change_requested: 'Alteração de email solicitada',
  email_changed: 'Email alterado',
  '2fa_enabled': 'Autenticação em dois fatores ativada',
  '2fa_disabled': 'Autenticação em dois fatores desativada',
  '2fa_backup_codes_regenerated': 'Códigos de backup gerados novamente',
  '2fa_backup_code_used': 'Código de backup utilizado',
  session_revoked: 'Sessão encerrada',
  notifications_updated: 'Preferências de notificação alteradas',
  data_export: 'Dados exportados',
  account_deleted: 'Conta excluída',
  role_changed: 'Perfil de acesso alterado',
  user_disabled: 'Conta desativada',
  user_enabled: 'Conta reativada',
  exchange_key_added: 'Chave de API adicionada',
  exchange_key_updated: 'Chave de API alterada',
  exchange_key_removed: 'Chave de API removida',
  user_invited: 'Usuário criado por um administrador',
  invite_resent: 'Email para definir a senha reenviado',
  plan_granted: 'Plano concedido por um administrador',
  payment_refunded: 'Pagamento reembolsado (garantia de 7 dias)',
  payment_method_removed: 'Cartão salvo removido',
  settings_changed: 'Configurações da plataforma alteradas',
  rate_limited: 'Bloqueado por excesso de tentativas',
  job_retried: 'Job da fila enviado para nova tentativa',
  job_removed: 'Job da fila removido',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The label of an action; actions added by later modules fall back to their code. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
