import { Modal } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { authModalClosed, type AuthView } from '../../app/ui-state';
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
};

/** The auth modal of spec §2: one view at a time, full-screen at 575 px and below. */
export function AuthModal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { view, next } = useAppSelector((state) => state.ui.authModal);

  const close = () => dispatch(authModalClosed());
  /** A view succeeded: close, and go on to where a guarded navigation was heading. */
  const done = () => {
    close();
    if (next) void navigate(next);
  };

  return (
    <Modal isOpen={view !== null} onClose={close} title={view ? t(TITLE_KEYS[view]) : ''} fullScreenOnSmall className="auth-modal">
      {view === 'login' && <LoginForm onDone={done} />}
      {view === 'new-register' && <SignupForm onDone={done} />}
      {view === 'password-reset' && <PasswordResetRequestForm />}
      {view === 'password-change' && <PasswordChangeForm onDone={close} />}
      {view === 'qualification' && <QualificationForm onDone={done} />}
    </Modal>
  );
}
