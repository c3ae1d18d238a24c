import { AuthFramePage } from '../../features/auth/frame/auth-frame-page';
import { SupportForm } from '../../features/support/support-form';

/**
 * The embedded auth views (issue 17 §5): the auth feature's frame page with the support feature's
 * form as its support view, which reports how the request went (support requested success or error).
 */
export function AuthFrameRoute() {
  return <AuthFramePage renderSupport={(done) => <SupportForm onResult={done} />} />;
}
