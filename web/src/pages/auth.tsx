import { useEffect, useState } from 'preact/hooks';
import { api, call, type ApiProblem } from '../api/client';
import { Form, useForm, valueOf } from '../forms';
import { isOwnPath, navigate } from '../router';
import { reloadSession } from '../session';
import { Card, Field, Notice, ProblemBanner } from '../ui';

function AuthShell({ title, children }: { title: string; children: preact.ComponentChildren }) {
  return (
    <div class="auth">
      <h1>{title}</h1>
      <Card>{children}</Card>
    </div>
  );
}

/** What each answer of resend-activation means for the person who asked (204, 400, 403, 429). */
function resendOutcome(problem: ApiProblem): string {
  const emailErrors = problem.fields.email ?? [];
  if (problem.status === 429) return 'Too many requests: wait a while, then ask again.';
  if (problem.status === 403) return 'This account is locked, so it cannot be activated. Ask the operator of this Quarry to unlock it.';
  if (emailErrors.includes('This account is already active.')) return 'This account is active already: log in with its password.';
  if (emailErrors.includes('User with given email does not exist.')) return 'No account has this email. Check it, or create an account.';
  return emailErrors.join(' ') || (problem.detail ?? 'The activation email could not be sent.');
}

/**
 * Always offered on the login page, whatever the last login did: a failed login does not say
 * whether the account is inactive (the API answers alike), so neither does this line.
 * It mails the address typed in the login form.
 */
function ResendActivation() {
  const form = useForm();
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const [noEmail, setNoEmail] = useState(false);
  const resend = () => {
    const email = valueOf('email').trim();
    setSentTo(undefined);
    setNoEmail(email === '');
    if (email === '') return;
    form.submit(
      () => call(() => api.POST('/api/v1/auth/resend-activation/', { body: { email } })),
      () => setSentTo(email),
    );
  };
  return (
    <div class="resend">
      <p>
        Didn’t get the activation email?{' '}
        <button type="button" class="button small" disabled={form.busy} onClick={resend}>
          Resend activation email
        </button>
      </p>
      {sentTo ? <Notice tone="success">A new activation link is on its way to {sentTo}.</Notice> : null}
      {noEmail ? <Notice tone="warning">Type your email above first.</Notice> : null}
      {form.problem?.kind === 'network' ? <ProblemBanner problem={form.problem} onRetry={resend} /> : null}
      {form.problem?.kind === 'http' ? <Notice tone="warning">{resendOutcome(form.problem)}</Notice> : null}
    </div>
  );
}

/** simplejwt answers a login 401 alike for an unknown email, a wrong password and an inactive or locked account. */
const WRONG_LOGIN = 'The email or password is wrong.';

export function LoginPage({ next }: { next: string | null }) {
  const form = useForm();
  const submit = () => {
    const body = { email: valueOf('email'), password: valueOf('password') };
    form.submit(
      () => call(() => api.POST('/api/v1/auth/jwt/create/', { body })),
      () => void reloadSession().then(() => navigate(next && isOwnPath(next) ? next : '/keys', true)),
    );
  };
  const shown = form.problem?.status === 401 ? { ...form, problem: { ...form.problem, detail: WRONG_LOGIN } } : form;
  return (
    <AuthShell title="Log in to Quarry">
      <Form form={shown} onSubmit={submit} label="Log in">
        <Field label="Email" name="email" type="email" autoComplete="username" required errors={form.errorsOf('email')} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required errors={form.errorsOf('password')} />
        <button class="button primary" type="submit" disabled={form.busy}>
          Log in
        </button>
      </Form>
      <p class="links">
        <a href="/signup">Create an account</a> · <a href="/forgot-password">Forgot your password?</a>
      </p>
      <ResendActivation />
    </AuthShell>
  );
}

export function SignupPage() {
  const form = useForm();
  const [done, setDone] = useState<string | undefined>(undefined);
  if (done) {
    return (
      <AuthShell title="Check your mail">
        <Notice tone="success">We sent an activation link to {done}. Open it to activate your account, then log in.</Notice>
        <p class="links">
          <a href="/login">Go to log in</a>
        </p>
      </AuthShell>
    );
  }
  const submit = () => {
    const body = { email: valueOf('email'), password: valueOf('password') };
    form.submit(
      () => call(() => api.POST('/api/v1/auth/users/', { body })),
      () => setDone(body.email),
    );
  };
  return (
    <AuthShell title="Create your Quarry account">
      <Form form={form} onSubmit={submit} label="Sign up">
        <Field label="Email" name="email" type="email" autoComplete="email" required errors={form.errorsOf('email')} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required errors={form.errorsOf('password')} />
        <p class="hint">At least 8 characters, not too common, not entirely numeric, not like your email.</p>
        <button class="button primary" type="submit" disabled={form.busy}>
          Sign up
        </button>
      </Form>
      <p class="links">
        Already have an account? <a href="/login">Log in</a>
      </p>
    </AuthShell>
  );
}

/** One message per outcome of an activation link: activated, used before, broken or expired, or a failure to retry. */
function ActivationOutcome({ done, problem, onRetry }: { done: boolean; problem: ApiProblem | undefined; onRetry: () => void }) {
  if (done) return <Notice tone="success">Your account is active. You can log in now.</Notice>;
  if (!problem) return <p class="loading">Activating…</p>;
  // djoser's "Stale token": the link was used already, so the account is active.
  if (problem.status === 403) return <Notice tone="success">This link was used already: your account is active. You can log in now.</Notice>;
  if (problem.status === 400) {
    return (
      <Notice tone="warning">
        This activation link does not work: it is incomplete, or it has expired. On the log-in page, “Didn’t get the activation email?” sends a new one.
      </Notice>
    );
  }
  return <ProblemBanner problem={problem} onRetry={onRetry} />;
}

export function ActivatePage({ uid, token }: { uid: string; token: string }) {
  const form = useForm();
  const [done, setDone] = useState(false);
  const activate = () =>
    form.submit(
      () => call(() => api.POST('/api/v1/auth/users/activation/', { body: { uid, token } })),
      () => setDone(true),
    );
  useEffect(activate, [uid, token]);
  return (
    <AuthShell title="Activate your account">
      <ActivationOutcome done={done} problem={form.problem} onRetry={activate} />
      <p class="links">
        <a href="/login">Go to log in</a>
      </p>
    </AuthShell>
  );
}

export function ForgotPasswordPage() {
  const form = useForm();
  const [sent, setSent] = useState<string | undefined>(undefined);
  const submit = () => {
    const email = valueOf('email');
    form.submit(
      () => call(() => api.POST('/api/v1/auth/users/reset_password/', { body: { email } })),
      () => setSent(email),
    );
  };
  return (
    <AuthShell title="Reset your password">
      {sent ? <Notice tone="success">If {sent} has an active account, a reset link is on its way. It works once.</Notice> : null}
      <Form form={form} onSubmit={submit} label="Forgot password">
        <Field label="Email" name="email" type="email" autoComplete="email" required errors={form.errorsOf('email')} />
        <button class="button primary" type="submit" disabled={form.busy}>
          Mail me a reset link
        </button>
      </Form>
      <p class="links">
        <a href="/login">Back to log in</a>
      </p>
    </AuthShell>
  );
}

export function ResetPasswordPage({ uid, token }: { uid: string; token: string }) {
  const form = useForm();
  const [done, setDone] = useState(false);
  const submit = () => {
    const body = { uid, token, new_password: valueOf('new_password') };
    form.submit(
      () => call(() => api.POST('/api/v1/auth/users/reset_password_confirm/', { body })),
      () => setDone(true),
    );
  };
  // A bad uid or token: the link is dead (used, expired or cut short), so no form is worth showing.
  const deadLink = Boolean(form.problem?.fields.uid ?? form.problem?.fields.token);
  return (
    <AuthShell title="Choose a new password">
      {done ? (
        <Notice tone="success">Your password is changed. Log in with the new one.</Notice>
      ) : deadLink ? (
        <Notice tone="warning">The link is used up or expired, so the password was not changed. Ask for a new link below.</Notice>
      ) : (
        <Form form={form} onSubmit={submit} label="Set a new password">
          <Field label="New password" name="new_password" type="password" autoComplete="new-password" required errors={form.errorsOf('new_password')} />
          <button class="button primary" type="submit" disabled={form.busy}>
            Set new password
          </button>
        </Form>
      )}
      <p class="links">
        <a href="/login">Go to log in</a> · <a href="/forgot-password">Ask for a new link</a>
      </p>
    </AuthShell>
  );
}
