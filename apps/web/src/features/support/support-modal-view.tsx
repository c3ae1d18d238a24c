import { useAppSelector } from '../../shared/store';
import { SupportForm } from './support-form';

/** The auth modal's `support` view (spec §2): the same form; its confirmation closes the modal. */
export function SupportModalView({ onClose }: { onClose: () => void }) {
  const accountId = useAppSelector((state) => state.session.account?.id ?? 'visitor');
  return <SupportForm key={accountId} onClose={onClose} />;
}
