import { useParams } from 'react-router';
import { NotFoundPage } from '../../features/errors';
import { ProjectDownloadsScreen } from '../../features/downloads/project-downloads-screen';
import { ServicesDownloadsScreen } from '../../features/downloads/services-downloads-screen';
import { parseProjectId } from '../../features/projects/project-target';

/*
 * The pages of downloads (issue 14 §3): the downloads feature's screens at the routes of spec §2 (the
 * router guards them by project.download; the api enforces the privilege and the project's scope).
 */

/** /project/{projectId}/downloads and /technical-downloads. */
export function ProjectDownloadsPage() {
  const projectId = parseProjectId(useParams().projectId);
  if (projectId === null) return <NotFoundPage />;
  return <ProjectDownloadsScreen key={projectId} projectId={projectId} mode="downloads" />;
}

/** /project/{projectId}/export-3d: every line's 2D and 3D models in one zip. */
export function ProjectExport3dPage() {
  const projectId = parseProjectId(useParams().projectId);
  if (projectId === null) return <NotFoundPage />;
  return <ProjectDownloadsScreen key={projectId} projectId={projectId} mode="export3d" />;
}

/** /services/download: the session's downloads. */
export function ServicesDownloadPage() {
  return <ServicesDownloadsScreen />;
}
