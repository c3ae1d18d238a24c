import { lazy, Suspense } from 'react';
import { selectAccount } from '../../shared/session';
import { useAppSelector } from '../../shared/store';
import { hasActingMarker } from './acting-marker';

const ActingBannerLoaded = lazy(() => import('./acting-banner-view'));

/**
 * The banner of an acted session (issue 17 §3): whom the staff member acts for, who they are, and one
 * button to stop. Only with the api's acting marker cookie does it load its code and ask the api, so
 * every other session pays nothing for it (neither a call nor bytes of the first load).
 */
export function ActingBanner() {
  const account = useAppSelector(selectAccount);
  if (account === null || !hasActingMarker()) return null;
  return (
    <Suspense fallback={null}>
      <ActingBannerLoaded accountId={account.id} />
    </Suspense>
  );
}
