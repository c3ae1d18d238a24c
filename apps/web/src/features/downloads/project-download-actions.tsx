import type { Project, ProjectProduct } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../shared/store';
import { ProductDocumentsButton } from './product-documents-button';

const LINK_CLASS = 'lm-button lm-button--secondary lm-button--sm';

/** Whether the caller may download this project's documents (spec §6 project.download; the server decides the same). */
function useMayDownload(project: Pick<Project, 'permissions'>): boolean {
  const privileges = useAppSelector((state) => state.session.account?.privileges) ?? [];
  return project.permissions.download && hasAnyPrivilege(privileges, ['project.download']);
}

/** The project page's ways to its documents (issue 14 §3): the technical downloads and the 3D export. */
export function ProjectDownloadActions({ project }: { project: Project }) {
  const { t } = useTranslation();
  const mayDownload = useMayDownload(project);
  if (!mayDownload || project.products.length === 0) return null;
  return (
    <>
      <Link className={LINK_CLASS} to={`/project/${project.id}/downloads`}>
        {t('downloads.action.project')}
      </Link>
      <Link className={LINK_CLASS} to={`/project/${project.id}/export-3d`}>
        {t('downloads.action.export3d')}
      </Link>
    </>
  );
}

/** "Documents" on one line of a project: the line's single documents, read from the line on the server. */
export function ProjectLineDocuments({ project, product, name }: { project: Pick<Project, 'id' | 'catalogId' | 'permissions'>; product: ProjectProduct; name: string }) {
  const mayDownload = useMayDownload(project);
  if (!mayDownload) return null;
  return (
    <ProductDocumentsButton
      catalogId={project.catalogId}
      model={product.model}
      name={name}
      line={{ projectId: project.id, productId: product._id, type: product.type === 'CREATION' ? 'CREATION' : 'REGULAR', creationCode: product.creationCode, validated: product.validation.status === 'VALIDATED' }}
    />
  );
}
