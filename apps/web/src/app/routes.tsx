import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { NewRegisterPage, PasswordResetPage } from '../features/auth';
import { ForbiddenPage, NotAllowedPage, NotFoundPage } from '../features/errors';
import { HomePage } from '../features/home';
import { ProfilePage } from '../features/profile';
import { loadSandboxPage } from '../features/sandbox';
import { FORBIDDEN_PATH, NOT_ALLOWED_PATH, RequireAuth } from './guards';
import { Layout } from './layout';

/** The widget gallery is a tool, loaded only when opened. */
const SandboxPage = lazy(loadSandboxPage);

/**
 * The routes of spec §2 that are built so far. A feature registers its routes here when it is built;
 * there are no placeholder screens.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/professional-area', element: <HomePage /> },
        {
          path: '/my-profile',
          element: (
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          ),
        },
        { path: '/password-reset', element: <PasswordResetPage /> },
        { path: '/new-register', element: <Navigate to="/en/new-register" replace /> },
        { path: '/:language/new-register', element: <NewRegisterPage /> },
        {
          // A team tool (spec §2 lists it without an access rule): we keep it to users with the backoffice privilege.
          path: '/sandbox',
          element: (
            <RequireAuth privileges={['backoffice']}>
              <SandboxPage />
            </RequireAuth>
          ),
        },
        { path: NOT_ALLOWED_PATH, element: <NotAllowedPage /> },
        { path: FORBIDDEN_PATH, element: <ForbiddenPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
