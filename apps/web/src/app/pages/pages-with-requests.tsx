import type { Project, ProjectProduct } from '@lumen/contracts';
import ProjectPage from '../../features/projects/project-page';
import { MyRequestsSection, ProjectRequestsSection } from '../../features/project-requests/my-requests';
import { ProjectRequestActions } from '../../features/project-requests/project-request-actions';
import { ProfilePage } from '../../features/profile/profile-page';
import { ProjectBudgetActions, ProjectQuotesSection } from '../../features/budgets/project-quotes';
import { ProjectOrderActions } from '../../features/orders/project-orders';
import { ProjectDownloadActions, ProjectLineDocuments } from '../../features/downloads/project-download-actions';

/*
 * The requests a user sends (project-requests feature, issue 11 §3–§5) joined with the pages that
 * show them: the project page and the profile. The request forms load on their own pages
 * (project-request-pages.tsx), not with these.
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

/** /my-profile: the profile, with every request the user sent. */
export function ProfilePageWithRequests() {
  return (
    <ProfilePage>
      <MyRequestsSection />
    </ProfilePage>
  );
}
