import type { SessionUser } from '@arbitra/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { homePathFor } from '@/config/routes';
import { parseSessionUser, useSession } from '@/lib/session';
import type { LoginValues } from '../lib/login-validation';
import { LoginForm } from './login-form';
import { TwoFactorForm } from './two-factor-form';

/**
 * /login (SPEC §2, §4): email and password, then — when the account has two-factor on — the code
 * of the authenticator app or a backup code. The challenge token lives only in memory.
 */
export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const signedIn = (token: string, rawUser: SessionUser) => {
    const user = parseSessionUser(rawUser);
    signIn(token, user);
    void navigate(homePathFor(user.role), { replace: true });
  };

  if (challenge) {
    return (
      <TwoFactorForm
        challengeToken={challenge}
        onSignedIn={signedIn}
        onBack={(message) => {
          setChallenge(null);
          setNotice(message);
        }}
      />
    );
  }

  return (
    <LoginForm
      values={values}
      onChange={setValues}
      notice={notice}
      onNoticeSeen={() => setNotice(null)}
      onSignedIn={signedIn}
      onTwoFactorRequired={(token) => {
        setNotice(null);
        setChallenge(token);
      }}
    />
  );
}
