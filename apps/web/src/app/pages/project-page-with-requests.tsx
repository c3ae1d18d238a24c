import type { Project, ProjectProduct } from '@lumen/contracts';
import ProjectPage from '../../features/projects/project-page';
import { ProjectRequestsSection } from '../../features/project-requests/my-requests';
import { ProjectRequestActions } from '../../features/project-requests/project-request-actions';
import { ProjectBudgetActions, ProjectQuotesSection } from '../../features/budgets/project-quotes';
import { ProjectOrderActions } from '../../features/orders/project-orders';
import { ProjectDownloadActions, ProjectLineDocuments } from '../../features/downloads/project-download-actions';

/*
 * The project page joined with what other features show on it: the requests sent (project-requests
 * feature, issue 11 §3–§5), the quotes, the orders and the documents. The request forms load on
 * their own pages (project-request-pages.tsx), not with it; the profile with the user's requests is
 * profile-with-requests.tsx (apart, so that neither page loads the other's modules).
 */

/** Each line's documents (downloads feature, issue 14 §3); defined once so the grid's lines keep their memo. */
const lineDocuments = (project: Project, product: ProjectProduct, name: string) => <ProjectLineDocuments project={project} product={product} name={name} />;

/**
 * /project/{projectId}: the project page, with "Ask for a budget" (or the United States requests) and
 * the requests sent, and where the privileges allow "Generate budget" / "Final quote (US)" and the
 * project's quotes with their status (budgets feature, issue 12).
 */
export function ProjectPageWithRequests() {
  return (
    <ProjectPage
      renderActions={(project) => (
        <>
          <ProjectBudgetActions project={project} />
          <ProjectOrderActions project={project} />
          <ProjectRequestActions project={project} />
          <ProjectDownloadActions project={project} />
        </>
      )}
      renderLineActions={lineDocuments}
      renderSections={(project) => (
        <>
          <ProjectQuotesSection projectId={project.id} />
          <ProjectRequestsSection projectId={project.id} />
        </>
      )}
    />
  );
}
