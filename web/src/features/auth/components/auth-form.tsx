import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage, isNetworkError } from '@/lib/api-error';

interface Failure {
  message: string;
  /** The request did not reach the server: the alert offers 'Tentar novamente'. */
  network: boolean;
}

/** What every auth form keeps: whether it is sending, and why the last try failed. */
export function useAuthForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  return {
    formRef,
    submitting,
    failure,
    /** A refusal before anything is sent (validation): its pt-BR message. */
    refuse: (message: string, network = false) => setFailure({ message, network }),
    clear: () => setFailure(null),
    /** The button works again (a form that stays on screen after it succeeded). */
    settle: () => setSubmitting(false),
    /**
     * Sends: the button waits; a failure shows the server's pt-BR message (or `fallback`) and frees the button, unless
     * `handled` took the error (e.g. an expired link). True when the request succeeded.
     */
    async send(request: () => Promise<unknown>, fallback: string, handled?: (error: unknown) => boolean) {
      setSubmitting(true);
      setFailure(null);
      try {
        await request();
        return true;
      } catch (error) {
        if (handled?.(error)) return false;
        setFailure({ message: errorMessage(error, fallback), network: isNetworkError(error) });
        setSubmitting(false);
        return false;
      }
    },
  };
}

export type AuthFormState = ReturnType<typeof useAuthForm>;

interface AuthFormProps {
  form: AuthFormState;
  label: string;
  onSubmit: () => Promise<void>;
  onFocus?: () => void;
  /** The submit button's text, and its text while sending. */
  submit: readonly [idle: string, busy: string];
  /** Above the failure alert (a notice); below the submit button (a secondary action). */
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}

/** The shell of the auth forms (login, 2FA, register, forgot and reset password): alert, fields, one submit. */
export function AuthForm({ form, label, onSubmit, onFocus, submit, before, after, children }: AuthFormProps) {
  const { formRef, failure, submitting } = form;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) void onSubmit();
      }}
      onFocus={onFocus}
    >
      {before}
      <FormAlert
        message={failure?.message ?? null}
        onRetry={failure?.network ? () => formRef.current?.requestSubmit() : undefined}
      />
      {children}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? submit[1] : submit[0]}
      </Button>
      {after}
    </form>
  );
}
