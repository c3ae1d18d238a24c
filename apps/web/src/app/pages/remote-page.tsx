import type { Project } from '@lumen/contracts';
import { Button } from '@lumen/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../features/errors';
import { loadProject } from '../../features/projects/project-target';
import { LoadingState } from '../../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote, type Remote } from '../../shared/use-remote';

/**
 * What a page shows of the data it needs: the spinner while it loads, the not-found page for a 404,
 * a message with a retry for any other failure, else the page itself.
 */
export function RemotePage<T>({ remote, reload, failed, children }: { remote: Remote<T>; reload: () => void; failed: { message: string; retry: string }; children: (data: T) => ReactNode }) {
  if (remote.status === 'loading') return <LoadingState />;
  if (remote.status === 'failed') {
    if (remote.httpStatus === 404) return <NotFoundPage />;
    return (
      <section className="page page--narrow">
        <div className="card" role="alert">
          <p>{failed.message}</p>
          <Button variant="secondary" onPress={reload}>
            {failed.retry}
          </Button>
        </div>
      </section>
    );
  }
  return <>{children(remote.data)}</>;
}

/** The project a page is about (without prices), with the project page's failures. */
export function WithProject({ projectId, children }: { projectId: number; children: (project: Project) => ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [remote, reload] = useRemote<Project>(`${projectId}|${lang}`, () => dispatch(loadProject({ projectId, prices: false, lang })).unwrap());
  return (
    <RemotePage remote={remote} reload={reload} failed={{ message: t('projects.page.loadFailed'), retry: t('projects.retry') }}>
      {children}
    </RemotePage>
  );
}
