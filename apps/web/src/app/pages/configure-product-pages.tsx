import type { ConfiguratorActionsState, ConfiguratorMode } from '../../features/configurator/configurator';
import ConfiguratorPage from '../../features/configurator/configurator-page';
import { lazy } from 'react';

/**
 * The actions (configurator-actions.tsx: projects and downloads), loaded when the configurator first
 * shows them (issue 35 §5). The preconfiguration's page is a module of its own (configure-preconfig-page.tsx).
 */
const ConfiguredProductActions = lazy(() => import('./configurator-actions').then((module) => ({ default: module.ConfiguredProductActions })));

/**
 * "Add to project" (projects) under the configured product (configurator), and its documents. No
 * boundary of its own: while the module loads, the configurator's (configurator-page.tsx) holds the
 * configurator's place, so the configurator comes whole, with its actions (nothing moves under the
 * buttons as they come, and a picture of the page never catches it without them).
 */
function addToProject(state: ConfiguratorActionsState) {
  return <ConfiguredProductActions {...state} />;
}

/** /add-product[-v2]/{subFamilyId}/{applicationLocationId}/{model}: the configurator, ending in "Add to project". */
export function ConfigureProductPage({ mode }: { mode: ConfiguratorMode }) {
  return <ConfiguratorPage mode={mode} renderActions={addToProject} />;
}
