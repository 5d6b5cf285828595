import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { api, call, setSessionLostHandler } from './api/client';
import { setBalance, useBalance, useBalanceFreshOnReturn } from './balance';
import { navigate, onLinkClick, useLocation } from './router';
import { forgetSession, useSession } from './session';
import { Loading, ProblemBanner, counted } from './ui';
import { ActivatePage, ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from './pages/auth';
import { BillingPage } from './pages/billing';
import { CheckoutPage } from './pages/checkout';
import { KeysPage } from './pages/keys';
import { NotFoundPage } from './pages/not-found';
import { PlansPage } from './pages/plans';
import { PlaygroundPage } from './pages/playground';
import { UsagePage } from './pages/usage';
import './styles.css';

const NAV = [
  ['/keys', 'API keys'],
  ['/usage', 'Usage'],
  ['/plans', 'Plans'],
  ['/billing', 'Billing'],
  ['/playground', 'Playground'],
] as const;

const PUBLIC = new Set(['/login', '/signup', '/forgot-password', '/plans', '/checkout']);
const MEMBERS_ONLY = new Set(['/', '/keys', '/usage', '/billing', '/playground']);
const isPublic = (path: string) => PUBLIC.has(path) || path.startsWith('/activate/') || path.startsWith('/password-reset/');
/** The mailed links: `/activate/<uid>/<token>` and `/password-reset/<uid>/<token>`. */
const isMailedLink = (parts: readonly string[]) => parts.length === 3 && (parts[0] === 'activate' || parts[0] === 'password-reset');

function goToLogin() {
  forgetSession();
  const here = location.pathname + location.search;
  if (!isPublic(location.pathname)) navigate(`/login?next=${encodeURIComponent(here)}`, true);
}
setSessionLostHandler(goToLogin);

function Header({ path }: { path: string }) {
  const session = useSession();
  const me = session.status === 'user' ? session.me : undefined;
  // A new reading of the session (a login) is also a fresh balance; from then on the shared store keeps it current.
  useEffect(() => setBalance(me?.credits_remaining), [me]);
  useBalanceFreshOnReturn(me !== undefined);
  const balance = useBalance() ?? me?.credits_remaining ?? 0;
  const leave = () => {
    forgetSession();
    navigate('/login', true);
  };
  const logout = () => void call(() => api.POST('/api/v1/auth/logout/', { body: {} })).then(leave);
  // Ends every session of the account (other browsers, devices, a stolen token), this one included.
  const logoutEverywhere = () => void call(() => api.POST('/api/v1/auth/jwt/logout-all/')).then(leave);
  return (
    <header class="topbar">
      <a class="brand" href={session.status === 'user' ? '/keys' : '/login'}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 20 12 4l9 16z" fill="currentColor" opacity=".9" />
          <path d="M8 20 12 12l4 8z" fill="#fff" opacity=".55" />
        </svg>
        Quarry
      </a>
      <nav aria-label="Main">
        {session.status === 'user'
          ? NAV.map(([href, label]) => (
              <a key={href} href={href} aria-current={path === href ? 'page' : undefined}>
                {label}
              </a>
            ))
          : null}
        <a href="/api/v1/docs/">API docs</a>
      </nav>
      <div class="account">
        {session.status === 'user' ? (
          <>
            <span class="balance" title={session.me.email} data-testid="header-balance">
              {counted(balance, 'credit')}
            </span>
            <button type="button" class="button small" onClick={logout}>
              Log out
            </button>
            <button type="button" class="button small" onClick={logoutEverywhere} title="End every session of this account, on every device">
              Log out everywhere
            </button>
          </>
        ) : session.status === 'anonymous' ? (
          <a class="button small" href="/login">
            Log in
          </a>
        ) : null}
      </div>
    </header>
  );
}

function Page({ url }: { url: URL }) {
  const session = useSession();
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const parts = path.split('/').filter(Boolean);
  const known = PUBLIC.has(path) || MEMBERS_ONLY.has(path) || isMailedLink(parts);
  // An unknown path is nobody's page: it says so to everyone rather than asking to log in first.
  const needsUser = known && !isPublic(path);

  useEffect(() => {
    if (needsUser && session.status === 'anonymous') navigate(`/login?next=${encodeURIComponent(url.pathname + url.search)}`, true);
    if (path === '/' && session.status === 'user') navigate('/keys', true);
    if (path === '/login' && session.status === 'user') navigate('/keys', true);
  }, [needsUser, session.status, path]);

  if (!known) return <NotFoundPage path={url.pathname} />;
  if (parts[0] === 'activate' && parts.length === 3) return <ActivatePage uid={parts[1]!} token={parts[2]!} />;
  if (parts[0] === 'password-reset' && parts.length === 3) return <ResetPasswordPage uid={parts[1]!} token={parts[2]!} />;
  switch (path) {
    case '/login':
      return <LoginPage next={url.searchParams.get('next')} />;
    case '/signup':
      return <SignupPage />;
    case '/forgot-password':
      return <ForgotPasswordPage />;
    case '/plans':
      return <PlansPage />;
    case '/checkout':
      return <CheckoutPage transactionId={url.searchParams.get('_ptxn')} />;
  }
  if (session.status === 'error') return <ProblemBanner problem={session.problem} onRetry={() => location.reload()} />;
  if (session.status !== 'user') return <Loading />;
  switch (path) {
    case '/keys':
      return <KeysPage />;
    case '/usage':
      return <UsagePage />;
    case '/billing':
      return <BillingPage />;
    case '/playground':
      return <PlaygroundPage />;
  }
  // `/` for a logged-in user: on the way to the keys.
  return <Loading />;
}

function App() {
  const url = useLocation();
  return (
    <div class="shell" onClick={onLinkClick}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <Header path={url.pathname} />
      <main id="main" tabIndex={-1}>
        <Page url={url} />
      </main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
