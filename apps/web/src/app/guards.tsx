import type { Privilege, RoleName } from '@lumen/domain';
import { hasAnyPrivilege, USER_STATUS } from '@lumen/domain';
import { useCallback, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../shared/store';
import { authModalOpened } from '../shared/ui-state';

export const NOT_ALLOWED_PATH = '/not-allowed';
export const FORBIDDEN_PATH = '/error-403';

export interface RequireAuthProps {
  /** Any one of these is enough (spec §2). None: being logged in is enough. */
  privileges?: readonly Privilege[];
  /** Any one of these roles is needed too (screens for a kind of user rather than a privilege: the support desk). */
  roles?: readonly RoleName[];
  /** Internal users only (spec §2: decided by the user's e-mail; the server says so in the account and enforces it on its calls). */
  internal?: boolean;
  /** Where a logged-in user who may not is sent: the not-allowed page (default) or the forbidden page (spec §2 tools, issue 31). */
  refusal?: 'not-allowed' | 'forbidden';
  children: ReactNode;
}

/**
 * A guarded route (spec §2): waits for the login state, sends a visitor to `/` and a user without
 * the privilege to the not-allowed page. A visitor who opened the address (a link, a bookmark) gets
 * the login view there and, once logged in, the page asked for (issue 10 §4); one whose session just
 * ended (logout, expiry) only goes to `/`.
 */
export function RequireAuth({ privileges = [], roles = [], internal = false, refusal = 'not-allowed', children }: RequireAuthProps) {
  const { status, account, ended } = useAppSelector((state) => state.session);
  if (status !== 'ready') return <LoadingState />;
  if (!account) return ended ? <Navigate to="/" replace /> : <LoginFirst />;
  const refused = refusal === 'forbidden' ? FORBIDDEN_PATH : NOT_ALLOWED_PATH;
  if (!hasAnyPrivilege(account.privileges, privileges)) return <Navigate to={refused} replace />;
  if (roles.length > 0 && !account.roles.some((role) => (roles as readonly string[]).includes(role.name))) return <Navigate to={refused} replace />;
  if (internal && !account.internal) return <Navigate to={refused} replace />;
  return <>{children}</>;
}

/** `/` with the login view open, heading back to the address asked for once logged in. */
function LoginFirst() {
  const dispatch = useAppDispatch();
  const { pathname, search, hash } = useLocation();
  const target = `${pathname}${search}${hash}`;
  useEffect(() => {
    dispatch(authModalOpened({ view: 'login', next: target }));
  }, [dispatch, target]);
  return <Navigate to="/" replace />;
}

export interface GuardedNavigationOptions {
  /** The minimum user status (spec §3 codes); QUALIFIED opens the qualification view when lacking. */
  minStatus?: number;
  privileges?: readonly Privilege[];
}

/**
 * Navigation that may require login, a privilege or a minimum user status (spec §2). A visitor gets
 * the login view, a user below the status gets the qualification view; either goes on to `path` once done.
 */
export function useGuardedNavigate() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.session.account);
  return useCallback(
    (path: string, options: GuardedNavigationOptions = {}) => {
      if (!account) {
        dispatch(authModalOpened({ view: 'login', next: path }));
        return;
      }
      if (options.privileges && !hasAnyPrivilege(account.privileges, options.privileges)) {
        void navigate(NOT_ALLOWED_PATH);
        return;
      }
      if (options.minStatus !== undefined && account.status < options.minStatus) {
        dispatch(authModalOpened({ view: options.minStatus >= USER_STATUS.QUALIFIED ? 'qualification' : 'login', next: path }));
        return;
      }
      void navigate(path);
    },
    [account, dispatch, navigate],
  );
}
