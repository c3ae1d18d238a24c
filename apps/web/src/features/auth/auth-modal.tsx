import { hasAnyPrivilege, USER_STATUS } from '@lumen/domain';
import { Modal } from '@lumen/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorRaised } from '../../shared/error-state';
import { loadAccount } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalClosed, authModalViewChanged, type AuthView } from '../../shared/ui-state';
import { LoginForm } from './login-form';
import { PasswordChangeForm } from './password-change-form';
import { PasswordResetRequestForm } from './password-reset-request-form';
import { QualificationForm } from './qualification-form';
import { SignupForm } from './signup-form';

const TITLE_KEYS: Readonly<Record<AuthView, string>> = {
  login: 'auth.login.title',
  'new-register': 'auth.signup.title',
  'password-reset': 'auth.passwordReset.title',
  'password-change': 'auth.passwordChange.title',
  qualification: 'auth.qualification.title',
  support: 'support.modal.title',
};

export interface AuthModalProps {
  /**
   * The support view's content (another feature's form, handed over by the layout: features never
   * import each other). `close` closes the modal.
   */
  renderSupport?: (close: () => void) => ReactNode;
}

/** The auth modal of spec §2: one view at a time, full-screen at 575 px and below. */
export function AuthModal({ renderSupport }: AuthModalProps = {}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { view, next, flow } = useAppSelector((state) => state.ui.authModal);
  // While the modal fades out (view already null) it keeps its last title and body.
  const [lastView, setLastView] = useState<AuthView | null>(view);
  if (view !== null && view !== lastView) setLastView(view);
  const shown = view ?? lastView;

  const close = () => dispatch(authModalClosed());
  /** A view succeeded: close, and go on to where a guarded navigation was heading. */
  const done = () => {
    if (flow === 'project-budget') {
      void budgetRequestReady();
      return;
    }
    close();
    if (next) void navigate(next);
  };

  /**
   * Spec §4 project-budget: the account is reloaded; one that may not ask for budgets yet qualifies
   * first (a web user), then the request page opens. A reload that fails ends the session (the
   * account call's failure), and says so.
   */
  async function budgetRequestReady() {
    const reloaded = await dispatch(loadAccount());
    if (!loadAccount.fulfilled.match(reloaded)) {
      close();
      dispatch(errorRaised({ action: 'accountDetails', status: 0, description: 'Something wrong happened', url: '' }));
      return;
    }
    const account = reloaded.payload;
    if (!hasAnyPrivilege(account.privileges, ['budget.request']) && account.status < USER_STATUS.QUALIFIED) {
      dispatch(authModalViewChanged('qualification'));
      return;
    }
    close();
    if (next) void navigate(next);
  }

  return (
    <Modal isOpen={view !== null} onClose={close} title={shown ? t(TITLE_KEYS[shown]) : ''} fullScreenOnSmall className="auth-modal">
      {shown === 'login' && <LoginForm onDone={done} />}
      {shown === 'new-register' && <SignupForm onDone={done} />}
      {shown === 'password-reset' && <PasswordResetRequestForm />}
      {shown === 'password-change' && <PasswordChangeForm onDone={close} />}
      {shown === 'qualification' && <QualificationForm onDone={done} />}
      {shown === 'support' && renderSupport?.(close)}
    </Modal>
  );
}
