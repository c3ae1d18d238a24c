import { type AuthFrameCommand, type AuthFrameMessageType, AuthFrameView, type SocialErrorReason, type SocialProvider } from '@lumen/contracts';
import { hasAnyPrivilege, USER_STATUS } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { TIMEOUT_CODE } from '../../../api';
import { usePlatformConfig } from '../../../shared/platform-config';
import { loadAccount } from '../../../shared/session';
import { useAppDispatch, useAppSelector } from '../../../shared/store';
import { authModalOpened, authModalViewChanged } from '../../../shared/ui-state';
import { FormAlert, FormSuccess } from '../form-parts';
import { LoginForm } from '../login-form';
import { PasswordChangeForm } from '../password-change-form';
import { PasswordResetRequestForm } from '../password-reset-request-form';
import { QualificationForm } from '../qualification-form';
import { SocialErrorMessage } from '../social-sign-up-page';
import { SignupForm } from '../signup-form';
import '../auth-social.css';
import { createFrameMessenger, type FrameMessenger, type RejectedMessage, verifyHostOrigin } from './frame-messenger';

const TITLE_KEYS: Readonly<Record<AuthFrameView, string>> = {
  login: 'auth.login.title',
  'new-register': 'auth.signup.title',
  'password-reset': 'auth.passwordReset.title',
  'password-change': 'auth.passwordChange.title',
  qualification: 'auth.qualification.title',
  support: 'support.modal.title',
};

/** Spec §4: closing counts as a failure event of the current view; these views have one. */
const FAILURE_ON_CLOSE: Partial<Record<AuthFrameView, AuthFrameMessageType>> = {
  qualification: 'qualified-error',
  support: 'support-requested-error',
};

/** Views that need a session: a visitor logs in first, in the same frame. */
const NEEDS_LOGIN = new Set<AuthFrameView>(['qualification', 'password-change']);

export type SupportOutcome = { ok: true } | { ok: false; reason: string };

export interface AuthFramePageProps {
  /** The support view's form (the support feature's, handed over by the app page); `done` reports how the request went. */
  renderSupport?: (done: (outcome: SupportOutcome) => void) => ReactNode;
}

type Notice = { kind: 'done'; text: string } | { kind: 'social-error'; provider: SocialProvider; reason: SocialErrorReason | null } | null;

/** Reports a message from a stranger (issue 17 §5): ignored, and written to the console for the partner's developers. */
function reportRejected(rejected: RejectedMessage): void {
  console.warn(`[auth frame] message ignored (${rejected.reason}) from ${rejected.origin}`);
}

/**
 * /iframe/auth/:view?host=<origin>[&flow=project-budget]: an auth modal view (spec §2) in a partner
 * site's frame (issue 17 §5). It shows only inside a frame of a verified partner origin, posts the
 * spec's auth-modal messages to that origin only, and takes the host's `close` and `show` commands
 * from it only.
 */
export function AuthFramePage({ renderSupport }: AuthFramePageProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const params = useParams();
  const [search] = useSearchParams();
  const { frameAncestors } = usePlatformConfig();
  const initial = AuthFrameView.safeParse(params.view);
  const logged = useAppSelector((state) => state.session.logged);
  const known = useAppSelector((state) => state.session.status === 'ready');
  const current = useAppSelector((state) => state.ui.authModal.view);
  const view: AuthFrameView = current ?? (initial.success ? initial.data : 'login');
  const viewRef = useRef(view);
  viewRef.current = view;
  const [notice, setNotice] = useState<Notice>(null);
  const [closed, setClosed] = useState(false);
  const messenger = useRef<FrameMessenger | null>(null);
  const projectBudget = search.get('flow') === 'project-budget';

  const host = useMemo(
    () =>
      verifyHostOrigin({
        framed: window.parent !== window,
        requested: search.get('host'),
        allowed: frameAncestors,
        ancestorOrigins: window.location.ancestorOrigins ? Array.from(window.location.ancestorOrigins) : undefined,
        referrer: document.referrer,
      }),
    [search, frameAncestors],
  );

  const post = (type: AuthFrameMessageType, reason?: string, inView?: AuthFrameView) => messenger.current?.post(type, reason, inView);
  const show = (next: AuthFrameView) => {
    setNotice(null);
    dispatch(authModalViewChanged(next));
  };

  /** Closing (the frame's button or the host's command): the view's failure event, then close. */
  const close = () => {
    const failure = FAILURE_ON_CLOSE[viewRef.current];
    if (failure) post(failure, 'closed');
    post('close');
    setClosed(true);
  };

  const onCommand = (command: AuthFrameCommand) => {
    if (command.type === 'close') close();
    else {
      setClosed(false);
      show(command.view);
    }
  };
  const commandRef = useRef(onCommand);
  commandRef.current = onCommand;

  useEffect(() => {
    if (initial.success) dispatch(authModalOpened({ view: initial.data }));
    // Once, on arrival; later views come from the forms' links or the host.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!host.ok) return undefined;
    const created = createFrameMessenger({
      self: window,
      parent: window.parent,
      hostOrigin: host.origin,
      view: () => viewRef.current,
      onCommand: (command) => commandRef.current(command),
      onRejected: reportRejected,
    });
    messenger.current = created;
    return () => {
      created.dispose();
      messenger.current = null;
    };
  }, [host]);

  /**
   * Spec §4 project-budget: the account is reloaded; one that may not ask for budgets yet qualifies
   * first; then the host is told to open its request page.
   */
  async function budgetRequestReady(): Promise<boolean> {
    if (!projectBudget) return false;
    const reloaded = await dispatch(loadAccount());
    if (!loadAccount.fulfilled.match(reloaded)) {
      post('qualified-error', 'Something wrong happened');
      setNotice({ kind: 'done', text: t('error') });
      return true;
    }
    const account = reloaded.payload;
    if (!hasAnyPrivilege(account.privileges, ['budget.request']) && account.status < USER_STATUS.QUALIFIED) {
      show('qualification');
      return true;
    }
    post('project-budget');
    setNotice({ kind: 'done', text: t('auth.frame.done') });
    return true;
  }

  /**
   * A session was opened here (login, sign-up, social) in the form `inView` (the login form may stand in
   * for a view that needs a session): the host hears it, and that the session is stored.
   */
  async function sessionOpened(type: 'logged' | 'signed-up' | 'social-sign-up-success', inView: AuthFrameView) {
    post(type, undefined, inView);
    post('jwt-token-saved', undefined, inView);
    if (await budgetRequestReady()) return;
    // A view that needed a session goes on to it; otherwise this one is done.
    if (NEEDS_LOGIN.has(viewRef.current)) return;
    setNotice({ kind: 'done', text: t('auth.frame.done') });
  }

  const onLoginFailed = (failure: unknown) => {
    const code = (failure as { error?: { code?: unknown } } | null)?.error?.code;
    if (code === TIMEOUT_CODE) post('login-timeout', undefined, 'login');
  };

  const onOpenSocialPopup = (inView: AuthFrameView) => (popup: Window | null, provider: SocialProvider) => {
    if (!popup) {
      post('social-sign-up-error', 'popup-blocked', inView);
      setNotice({ kind: 'done', text: t('auth.social.popupBlocked') });
      return;
    }
    messenger.current?.watchPopup(popup, (message) => {
      if (message.result === 'error') {
        post('social-sign-up-error', message.reason ?? 'state', inView);
        setNotice({ kind: 'social-error', provider, reason: message.reason ?? null });
        return;
      }
      void dispatch(loadAccount()).then(() => sessionOpened('social-sign-up-success', inView));
    });
  };

  if (!host.ok) {
    return (
      <main className="auth-frame auth-frame--refused">
        <FormAlert>{t('auth.frame.refused')}</FormAlert>
      </main>
    );
  }

  const needsLogin = NEEDS_LOGIN.has(view) && known && !logged;
  const shownView: AuthFrameView = needsLogin ? 'login' : view;
  let body: ReactNode;
  if (closed) body = null;
  else if (notice?.kind === 'done') body = <FormSuccess>{notice.text}</FormSuccess>;
  else if (notice?.kind === 'social-error')
    body = (
      <div className="auth-form">
        <SocialErrorMessage provider={notice.provider} reason={notice.reason} />
        <Button onPress={() => setNotice(null)}>{t('auth.socialResult.tryAgain')}</Button>
      </div>
    );
  else if (!known) body = null;
  else if (shownView === 'login') body = <LoginForm onDone={() => void sessionOpened('logged', 'login')} onFailed={onLoginFailed} onOpenSocialPopup={onOpenSocialPopup('login')} />;
  else if (shownView === 'new-register') body = <SignupForm onDone={() => void sessionOpened('signed-up', 'new-register')} onOpenSocialPopup={onOpenSocialPopup('new-register')} />;
  else if (shownView === 'password-reset') body = <PasswordResetRequestForm />;
  else if (shownView === 'password-change') body = <PasswordChangeForm onDone={() => setNotice({ kind: 'done', text: t('auth.passwordChange.done') })} />;
  else if (shownView === 'qualification')
    body = (
      <QualificationForm
        onDone={() => {
          // Spec §4: after qualification the account is read again; its failure is 'Something wrong happened'.
          void dispatch(loadAccount()).then(async (answer) => {
            if (!loadAccount.fulfilled.match(answer)) {
              post('qualified-error', 'Something wrong happened');
              setNotice({ kind: 'done', text: t('error') });
              return;
            }
            post('qualified-success');
            if (!(await budgetRequestReady())) setNotice({ kind: 'done', text: t('auth.frame.done') });
          });
        }}
        onFailed={(failure) => post('qualified-error', (failure as { error?: { code?: string } } | null)?.error?.code ?? 'failed')}
      />
    );
  else
    body = renderSupport?.((outcome) => {
      if (outcome.ok) post('support-requested-success');
      else post('support-requested-error', outcome.reason);
    });

  return (
    <main className="auth-frame" aria-labelledby="auth-frame-title">
      <header className="auth-frame__header">
        <h1 id="auth-frame-title">{t(TITLE_KEYS[shownView])}</h1>
        {!closed && (
          <Button variant="ghost" onPress={close}>
            {t('auth.frame.close')}
          </Button>
        )}
      </header>
      {body}
    </main>
  );
}

