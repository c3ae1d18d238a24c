import type { Project, ProjectProduct } from '@lumen/contracts';
import { Button } from '@lumen/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../features/errors';
import { loadProject, parseProjectId } from '../../features/projects/project-target';
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

const isProductId = (value: string | null | undefined): value is string => typeof value === 'string' && /^[0-9a-fA-F-]{36}$/.test(value);

/**
 * A line of a project, loaded with its project, from the ids of an address (path or query): the
 * not-found page for a malformed id or a line the project does not hold (or, with `creation`, one
 * that is no CREATION line).
 */
export function WithProjectLine({
  projectId: projectParam,
  productId: productParam,
  creation = false,
  children,
}: {
  projectId: string | null | undefined;
  productId: string | null | undefined;
  creation?: boolean;
  children: (project: Project, product: ProjectProduct) => ReactNode;
}) {
  const projectId = parseProjectId(projectParam ?? undefined);
  const productId = isProductId(productParam) ? productParam.toLowerCase() : null;
  if (projectId === null || productId === null) return <NotFoundPage />;
  return (
    <WithProject projectId={projectId}>
      {(project) => {
        const product = project.products.find((item) => item._id.toLowerCase() === productId);
        if (!product || (creation && product.type !== 'CREATION')) return <NotFoundPage />;
        return children(project, product);
      }}
    </WithProject>
  );
}
