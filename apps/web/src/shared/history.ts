import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The history helper of spec §2: back when there is history inside the app, otherwise to the
 * given fallback path, otherwise to the root.
 */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (fallback?: string) => {
      // react-router gives the first entry of a session the key 'default': nothing to go back to.
      if (location.key !== 'default') void navigate(-1);
      else void navigate(fallback ?? '/', { replace: true });
    },
    [location.key, navigate],
  );
}
