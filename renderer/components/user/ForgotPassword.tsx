import { useState } from 'react';
import { reportsClient } from '../../api/clients.js';
import { signInErrorText } from './sign-in-error.js';

/** Asks the job index service for a password-reset e-mail for the address typed above. */
export function ForgotPassword({ email }: { email: string }) {
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | undefined>();
  return (
    <>
      <button
        type="button"
        className="linkish"
        onClick={() => {
          setAnswer(undefined);
          if (email.trim() === '') {
            setAnswer({
              ok: false,
              text: 'Enter your e-mail address above, then choose “Forgot your password?” again.',
            });
            return;
          }
          reportsClient.forgotPassword({ email }).then(
            (r) =>
              setAnswer({
                ok: true,
                text: `If ${email.trim()} has an account on ${r.upstream}, an e-mail to reset its password is on its way.`,
              }),
            (e: unknown) => setAnswer({ ok: false, text: signInErrorText(e) }),
          );
        }}
      >
        Forgot your password?
      </button>
      {answer && (
        <p className={answer.ok ? 'signin__note' : 'form-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.text}
        </p>
      )}
    </>
  );
}
