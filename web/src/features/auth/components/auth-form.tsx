import { useState, type ReactNode } from 'react';
import { FeedbackForm, useFeedback } from '@/components/ui/feedback-form';

/** What every auth form keeps: whether it is sending, and why the last try failed. */
export function useAuthForm() {
  const feedback = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  return {
    feedback,
    submitting,
    refuse: feedback.refuse,
    clear: feedback.clear,
    /** The button works again (a form that stays on screen after it succeeded). */
    settle: () => setSubmitting(false),
    /**
     * Sends: the button waits; a failure shows the server's pt-BR message (or `fallback`) and frees the button, unless
     * `handled` took the error (e.g. an expired link). True when the request succeeded.
     */
    async send(request: () => Promise<unknown>, fallback: string, handled?: (error: unknown) => boolean) {
      setSubmitting(true);
      feedback.clear();
      try {
        await request();
        return true;
      } catch (error) {
        if (handled?.(error)) return false;
        feedback.fail(error, fallback);
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
export function AuthForm({ form, onSubmit, ...props }: AuthFormProps) {
  return (
    <FeedbackForm
      {...props}
      feedback={form.feedback}
      pending={form.submitting}
      onSubmit={() => void onSubmit()}
      alertFirst
      submitClassName="w-full"
    />
  );
}
