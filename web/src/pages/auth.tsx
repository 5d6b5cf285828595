import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
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

/** Words for each outcome of resend-activation (204, 400, 403, 429). */
function ResendActivation({ email }: { email: string }) {
  const form = useForm();
  const [sent, setSent] = useState(false);
  return (
    <div class="resend">
      <p>Your account is not active yet? We can mail the activation link again.</p>
      {sent ? <Notice tone="success">A new activation link is on its way to {email}.</Notice> : null}
      {form.problem ? (
        <Notice tone="warning">
          {form.problem.status === 429
            ? `Too many requests: ${form.problem.detail ?? 'try again later.'}`
            : form.problem.status === 403
              ? `This account cannot be activated: ${form.problem.detail}`
              : (form.problem.fields.email?.join(' ') ?? form.problem.detail)}
        </Notice>
      ) : null}
      <button
        type="button"
        class="button"
        disabled={form.busy || !email}
        onClick={() =>
          form.submit(
            () => call(() => api.POST('/api/v1/auth/resend-activation/', { body: { email } })),
            () => setSent(true),
          )
        }
      >
        Resend activation email
      </button>
    </div>
  );
}

export function LoginPage({ next }: { next: string | null }) {
  const form = useForm();
  const [email, setEmail] = useState('');
  const submit = () => {
    const body = { email: valueOf('email'), password: valueOf('password') };
    setEmail(body.email);
    form.submit(
      () => call(() => api.POST('/api/v1/auth/jwt/create/', { body })),
      () => void reloadSession().then(() => navigate(next && isOwnPath(next) ? next : '/keys', true)),
    );
  };
  return (
    <AuthShell title="Log in to Quarry">
      <Form form={form} onSubmit={submit} label="Log in">
        <Field label="Email" name="email" type="email" autoComplete="username" required errors={form.errorsOf('email')} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required errors={form.errorsOf('password')} />
        <button class="button primary" type="submit" disabled={form.busy}>
          Log in
        </button>
      </Form>
      <p class="links">
        <a href="/signup">Create an account</a> · <a href="/forgot-password">Forgot your password?</a>
      </p>
      {form.problem?.status === 401 && email ? <ResendActivation email={email} /> : null}
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
      {done ? (
        <Notice tone="success">Your account is active. You can log in now.</Notice>
      ) : form.problem ? (
        <>
          <ProblemBanner problem={form.problem} onRetry={activate} />
          {form.problem.status === 403 ? <Notice>This link was used already: your account is active.</Notice> : null}
          {Object.values(form.problem.fields)
            .flat()
            .map((m) => (
              <Notice key={m} tone="warning">
                {m} The link may be old or incomplete; log in to ask for a new one.
              </Notice>
            ))}
        </>
      ) : (
        <p class="loading">Activating…</p>
      )}
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
  const linkProblems = [...(form.problem?.fields.uid ?? []), ...(form.problem?.fields.token ?? [])];
  return (
    <AuthShell title="Choose a new password">
      {done ? (
        <Notice tone="success">Your password is changed. Log in with the new one.</Notice>
      ) : (
        <Form form={form} onSubmit={submit} label="Set a new password">
          {linkProblems.length ? <Notice tone="warning">{linkProblems.join(' ')} The link is used up or expired; ask for a new one.</Notice> : null}
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
