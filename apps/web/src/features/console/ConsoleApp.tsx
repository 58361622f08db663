import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, Outlet, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { staffMay, staffRoleNames, type StaffMember } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { consoleApi } from './console-api';
import { menuFor } from './console-menu';
import { useStaff } from './staff-context';
import { isSignedOut, problemText, useConsoleTitle } from './fields';
import { QueuePage } from './QueuePage';
import { CasePage } from './CasePage';
import { IdentityChecksPage } from './IdentityChecksPage';
import { MembersPage } from './MembersPage';
import { MemberViewPage } from './MemberViewPage';
import { OutboxPage } from './OutboxPage';
import { WebhooksPage } from './WebhooksPage';
import { RecurringJobsPage } from './RecurringJobsPage';
import { DashboardPage } from './DashboardPage';
import { BankChangesPage } from './BankChangesPage';
import { DeathReportsPage } from './DeathReportsPage';
import { IntegrationClientsPage } from './IntegrationClientsPage';
import { CaseDeadlinesPage } from './CaseDeadlinesPage';
import { StaffPasskeysPage } from './StaffPasskeysPage';
import { AuditLogPage } from './AuditLogPage';
import { StaffAccountsPage } from './StaffAccountsPage';
import { StaffSetUpPage } from './StaffSetUpPage';
import { WebhookReceiversPage } from './WebhookReceiversPage';
import { ContentPage } from './ContentPage';
import { STAFF_PASSKEY_BUTTON_ID, StaffPasskeySignIn } from './StaffPasskeySignIn';
import { ssoRefusalText, STAFF_SSO_LINK_ID, StaffSsoSignIn } from './StaffSsoSignIn';
import '../../components/forms.css';
import './console.css';

/** The operations console: its own route tree under /admin, its own header, its own sign-in. */
export function ConsoleApp() {
  return (
    <Routes>
      <Route path="sign-in" element={<SignInPage />} />
      <Route
        path="set-up"
        element={
          <ConsoleFrame staff={null}>
            <StaffSetUpPage />
          </ConsoleFrame>
        }
      />
      <Route element={<SignedIn />}>
        <Route index element={<Landing />} />
        <Route path="cases/:caseNumber" element={<CasePage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="members/:businessGroup/:referenceNumber" element={<MemberViewPage />} />
        <Route path="identity-checks" element={<IdentityChecksPage />} />
        <Route path="outbox" element={<OutboxPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="recurring-jobs" element={<RecurringJobsPage />} />
        <Route path="bank-changes" element={<BankChangesPage />} />
        <Route path="death-reports" element={<DeathReportsPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="integration-clients" element={<IntegrationClientsPage />} />
        <Route path="case-deadlines" element={<CaseDeadlinesPage />} />
        <Route path="audit" element={<AuditLogPage />} />
        <Route path="staff" element={<StaffAccountsPage />} />
        <Route path="webhook-receivers" element={<WebhookReceiversPage />} />
        <Route path="content" element={<ContentPage />} />
        <Route path="passkeys" element={<StaffPasskeysPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function ConsoleFrame({ staff, children }: { staff: StaffMember | null; children: ReactNode }) {
  const navigate = useNavigate();
  const signOut = async () => {
    await consoleApi.signOut().catch(() => undefined);
    void navigate('/admin/sign-in', { replace: true });
  };
  return (
    <>
      <a className="skip-link" href="#console-main">
        Skip to main content
      </a>
      <header className="console-header">
        <div className="container">
          <span className="console-header__title">Meridian operations</span>
          {staff && (
            <nav aria-label="Console">
              {menuFor(staff.role).map((item) => (
                <span key={item.to}>
                  <Link to={item.to}>{item.label}</Link>{' '}
                </span>
              ))}
              <span>
                {staff.name} ({staffRoleNames[staff.role]})
              </span>{' '}
              <button type="button" className="link-button" onClick={() => void signOut()}>
                Sign out
              </button>
            </nav>
          )}
        </div>
      </header>
      <main id="console-main" className="container console-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

function SignedIn() {
  const [staff, setStaff] = useState<StaffMember | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    consoleApi.me().then(setStaff, (error: unknown) => {
      if (isSignedOut(error)) setSignedOut(true);
      else setFailure(problemText(error));
    });
  }, []);
  if (signedOut) return <Navigate to="/admin/sign-in" replace />;
  return (
    <ConsoleFrame staff={staff}>
      {failure && <p className="error-message">{failure}</p>}
      {!staff && !failure && <p>Loading...</p>}
      {staff && <Outlet context={staff} />}
    </ConsoleFrame>
  );
}

/** The case queue, or for a role that works no cases (a content editor) what the console offers it. */
function Landing() {
  const staff = useStaff();
  if (staffMay(staff.role, 'readCases')) return <QueuePage />;
  return <NothingQueued role={staffRoleNames[staff.role]} items={menuFor(staff.role)} />;
}

function NothingQueued({ role, items }: { role: string; items: ReturnType<typeof menuFor> }) {
  useConsoleTitle('What you can do here');
  return (
    <>
      <h1>What you can do here</h1>
      <p>
        As a {role.toLowerCase()} you do not work cases, so there is no case queue for you. In the console you
        can:
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>: {item.purpose}
          </li>
        ))}
      </ul>
    </>
  );
}

function NotFound() {
  useConsoleTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        <Link to="/admin">Go to the case queue</Link>
      </p>
    </>
  );
}

function SignInPage() {
  const navigate = useNavigate();
  const [stage, setStage] = useState<'password' | 'code'>('password');
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [searchParams] = useSearchParams();
  // A single sign-on the staff API refused comes back here with its code (?sso=).
  const [errors, setErrors] = useState<FieldError[]>(() => {
    const refused = searchParams.get('sso');
    return refused ? [{ field: STAFF_SSO_LINK_ID, message: ssoRefusalText(refused) }] : [];
  });
  const [busy, setBusy] = useState(false);
  useConsoleTitle(stage === 'password' ? 'Sign in to Meridian operations' : 'Enter your code');

  const submitPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const problems: FieldError[] = [];
    if (!email) problems.push({ field: 'email', message: 'Enter your email address' });
    if (!password) problems.push({ field: 'password', message: 'Enter your password' });
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      const answer = await consoleApi.signIn(email, password);
      setEnrolment(answer.enrolment);
      setStage('code');
    } catch (error) {
      setErrors([{ field: 'email', message: problemText(error) }]);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      setErrors([{ field: 'code', message: 'Enter the 6-digit code from your authenticator app' }]);
      return;
    }
    setBusy(true);
    try {
      await consoleApi.code(code);
      void navigate('/admin', { replace: true });
    } catch (error) {
      setErrors([{ field: 'code', message: problemText(error) }]);
      if (isSignedOut(error)) setStage('password');
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  return (
    <ConsoleFrame staff={null}>
      <ErrorSummary errors={errors} />
      {stage === 'password' ? (
        <>
          <form noValidate onSubmit={(event) => void submitPassword(event)}>
            <h1>Sign in to Meridian operations</h1>
            <p>For scheme staff. Members sign in on the member site.</p>
            <TextField
              id="email"
              label="Email address"
              type="email"
              autoComplete="username"
              error={errorFor('email')}
            />
            <TextField
              id="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errorFor('password')}
            />
            <button type="submit" className="button" disabled={busy}>
              Continue
            </button>
          </form>
          <StaffPasskeySignIn
            onSignedIn={() => void navigate('/admin', { replace: true })}
            onProblem={(message) => setErrors([{ field: STAFF_PASSKEY_BUTTON_ID, message }])}
          />
          <StaffSsoSignIn />
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submitCode(event)}>
          <h1>Enter your code</h1>
          {enrolment ? (
            <>
              <p>Set up your authenticator app first: add an account to it with this key.</p>
              <p className="console-secret">{enrolment.secret}</p>
              <p>Then enter the code the app shows for Meridian operations.</p>
            </>
          ) : (
            <p>Open your authenticator app and enter the code it shows for Meridian operations.</p>
          )}
          <TextField
            id="code"
            label="Code"
            hint="6 digits"
            inputMode="numeric"
            autoComplete="one-time-code"
            className="input--short"
            error={errorFor('code')}
          />
          <button type="submit" className="button" disabled={busy}>
            Sign in
          </button>
        </form>
      )}
    </ConsoleFrame>
  );
}
