import type { PreconfigDetail } from '@lumen/contracts';
import { lazy, Suspense } from 'react';
import { preconfigPath, useTargetProjectId } from '../../features/catalogue/configurator-entry';
import AddPreconfigPage, { type PreconfigToAdd } from '../../features/configurator/add-preconfig-page';

// /add-preconfig/{preconfigId}, apart from the configurator page (configure-product-pages.tsx), whose
// first modules then hold nothing of it (issue 35 §5).

/** "Add to project" (configurator-actions.tsx: projects), loaded when the page first shows it. */
const PreconfigActions = lazy(() => import('./configurator-actions').then((module) => ({ default: module.PreconfigActions })));

/** "Add to project" (projects) for a whole preconfiguration: every line, with its quantity and pendant height (issue 10 §2). */
function addPreconfigToProject(preconfig: PreconfigToAdd) {
  return (
    <Suspense fallback={null}>
      <PreconfigActions preconfig={preconfig} />
    </Suspense>
  );
}

/** /add-preconfig/{preconfigId}: a preconfiguration's luminaires, ending in "Add to project" for them all. */
export function ConfigurePreconfigPage() {
  const projectId = useTargetProjectId();
  // A crea, composing-pendants or drawn preconfiguration opens populated in its own configurator, to be added as one creation line (issue 27 §1).
  const elsewhere = (preconfig: PreconfigDetail) => {
    const path = preconfigPath(preconfig, projectId);
    return path.startsWith('/add-preconfig/') ? null : path;
  };
  return <AddPreconfigPage renderPreconfigActions={addPreconfigToProject} elsewhere={elsewhere} />;
}
