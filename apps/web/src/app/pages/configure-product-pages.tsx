import type { PreconfigDetail } from '@lumen/contracts';
import { preconfigPath, useTargetProjectId } from '../../features/catalogue/configurator-entry';
import type { ConfiguratorActionsState, ConfiguratorMode } from '../../features/configurator/configurator';
import AddPreconfigPage, { type PreconfigToAdd } from '../../features/configurator/add-preconfig-page';
import ConfiguratorPage from '../../features/configurator/configurator-page';
import { lazy, Suspense } from 'react';

/** The actions (configurator-actions.tsx: projects and downloads), loaded when the configurator first shows them (issue 35 §5). */
const loadActions = () => import('./configurator-actions');
const ConfiguredProductActions = lazy(() => loadActions().then((module) => ({ default: module.ConfiguredProductActions })));
const PreconfigActions = lazy(() => loadActions().then((module) => ({ default: module.PreconfigActions })));

/** "Add to project" (projects) under the configured product (configurator), and its documents. */
function addToProject(state: ConfiguratorActionsState) {
  return (
    <Suspense fallback={null}>
      <ConfiguredProductActions {...state} />
    </Suspense>
  );
}

/** /add-product[-v2]/{subFamilyId}/{applicationLocationId}/{model}: the configurator, ending in "Add to project". */
export function ConfigureProductPage({ mode }: { mode: ConfiguratorMode }) {
  return <ConfiguratorPage mode={mode} renderActions={addToProject} />;
}

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
