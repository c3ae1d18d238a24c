import type { ConfiguratorActionsState, ConfiguratorMode } from '../../features/configurator/configurator';
import ConfiguratorPage from '../../features/configurator/configurator-page';
import { lazy, Suspense } from 'react';

/**
 * The actions (configurator-actions.tsx: projects and downloads), loaded when the configurator first
 * shows them (issue 35 §5). The preconfiguration's page is a module of its own (configure-preconfig-page.tsx).
 */
const ConfiguredProductActions = lazy(() => import('./configurator-actions').then((module) => ({ default: module.ConfiguredProductActions })));

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
