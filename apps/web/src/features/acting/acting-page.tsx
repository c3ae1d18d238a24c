import type { ActingCandidate, ActingCandidatesPage } from '@lumen/contracts';
import { Button, PageHeader, TextField } from '@lumen/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlag } from '../../shared/flags';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadActingCandidates, reloadAs, startActing } from './acting-calls';
import './acting.css';

const SEARCH_DELAY_MS = 300;

/**
 * Act for a customer (issue 17 §3): sales staff see the customers of the companies they look after,
 * admins every customer; one button opens the platform as that customer. Without the
 * impersonationWithoutLogout flag the page says that the staff member's own session ends.
 */
export function ActingPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const keepsSession = useFlag('impersonationWithoutLogout');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const [candidates, reload] = useRemote<ActingCandidatesPage>(`candidates:${search}:${page}`, () => dispatch(loadActingCandidates({ search, page })).unwrap());
  const [starting, setStarting] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  async function actAs(candidate: ActingCandidate) {
    setStarting(candidate.id);
    setFailed(false);
    const result = await dispatch(startActing({ userId: candidate.id }));
    if (startActing.fulfilled.match(result)) {
      reloadAs('/');
      return;
    }
    setStarting(null);
    setFailed(true);
  }

  return (
    <div className="acting-page">
      <PageHeader title={t('acting.page.title')} lead={t('acting.page.intro')} />
      {!keepsSession && <p className="acting-page__intro">{t('acting.page.logoutNotice')}</p>}
      <TextField type="search" label={t('acting.page.search')} name="search" value={typed} onChange={setTyped} />
      {failed && <p role="alert">{t('acting.page.startFailed')}</p>}
      {candidates.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {candidates.status === 'failed' && (
        <div role="alert">
          <p>{t('acting.page.loadFailed')}</p>
          <Button variant="secondary" onPress={reload}>
            {t('audit.history.retry')}
          </Button>
        </div>
      )}
      {candidates.status === 'ready' &&
        (candidates.data.items.length === 0 ? (
          <p role="status">{t('acting.page.empty')}</p>
        ) : (
          <>
            <table className="acting-page__table">
              <caption className="lm-visually-hidden">{t('acting.page.caption', { total: candidates.data.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('acting.page.name')}</th>
                  <th scope="col">{t('acting.page.email')}</th>
                  <th scope="col">{t('acting.page.company')}</th>
                  <th scope="col">
                    <span className="lm-visually-hidden">{t('acting.page.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {candidates.data.items.map((candidate) => (
                  <tr key={candidate.id}>
                    <td>{candidate.name}</td>
                    <td>{candidate.email}</td>
                    <td>{candidate.companyName}</td>
                    <td>
                      <Button size="sm" isLoading={starting === candidate.id} isDisabled={starting !== null} aria-label={t('acting.page.actAs', { name: candidate.name })} onPress={() => void actAs(candidate)}>
                        {t('acting.page.act')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {candidates.data.total > candidates.data.page * candidates.data.limit && (
              <Button variant="secondary" onPress={() => setPage((n) => n + 1)}>
                {t('acting.page.next')}
              </Button>
            )}
            {page > 1 && (
              <Button variant="secondary" onPress={() => setPage((n) => Math.max(1, n - 1))}>
                {t('acting.page.previous')}
              </Button>
            )}
          </>
        ))}
    </div>
  );
}

export default ActingPage;
