import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isNetworkError } from '@/lib/api-error';

/** What a form's last try ended in: a refusal or failure (`network`: the server was not reached), or a success. */
export type Feedback =
  { kind: 'error'; message: string; network: boolean } | { kind: 'success'; message: string };

/** A form's last outcome, and the form itself (its alert's 'Tentar novamente' sends it again). */
export function useFeedback() {
  const formRef = useRef<HTMLFormElement>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return {
    formRef,
    feedback,
    clear: () => setFeedback(null),
    /** A refusal (validation before anything is sent): its pt-BR message; `network` offers 'Tentar novamente'. */
    refuse: (message: string, network = false) => setFeedback({ kind: 'error', message, network }),
    /** The request failed: the server's pt-BR message (or `fallback`); retry offered when it was not reached. */
    fail: (error: unknown, fallback: string) =>
      setFeedback({ kind: 'error', message: errorMessage(error, fallback), network: isNetworkError(error) }),
    /** Done: the server's message, in the form and as a toast. */
    succeed: (message: string) => {
      setFeedback({ kind: 'success', message });
      toast({ title: message, variant: 'success' });
    },
  };
}

export type FeedbackState = ReturnType<typeof useFeedback>;

interface FeedbackFormProps {
  feedback: FeedbackState;
  /** The form's accessible name. */
  label: string;
  /** Sending: the submit button waits and a second submit is ignored. */
  pending: boolean;
  onSubmit: () => void;
  onFocus?: () => void;
  /** The submit button's text, and its text while sending. */
  submit: readonly [idle: string, busy: string];
  submitClassName?: string;
  className?: string;
  /** The alert above the fields (the auth forms) instead of under them. */
  alertFirst?: boolean;
  /** Above everything (a notice); below the submit button (a secondary action). */
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}

/** A form that says how its last try went: the fields, one alert (error or success), one submit button. */
export function FeedbackForm({
  feedback: { formRef, feedback },
  label,
  pending,
  onSubmit,
  onFocus,
  submit,
  submitClassName,
  className = 'flex flex-col gap-4',
  alertFirst = false,
  before,
  after,
  children,
}: FeedbackFormProps) {
  const alert = (
    <FormAlert
      message={feedback?.message ?? null}
      variant={feedback?.kind ?? 'error'}
      onRetry={
        feedback?.kind === 'error' && feedback.network ? () => formRef.current?.requestSubmit() : undefined
      }
    />
  );
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onSubmit();
      }}
      onFocus={onFocus}
    >
      {before}
      {alertFirst ? alert : null}
      {children}
      {alertFirst ? null : alert}
      <Button type="submit" className={submitClassName} disabled={pending}>
        {pending ? submit[1] : submit[0]}
      </Button>
      {after}
    </form>
  );
}
