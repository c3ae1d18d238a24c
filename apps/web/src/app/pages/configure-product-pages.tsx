import type { PreconfigDetail } from '@lumen/contracts';
import { preconfigPath, useTargetProjectId } from '../../features/catalogue/configurator-entry';
import type { ConfiguratorActionsState, ConfiguratorMode } from '../../features/configurator/configurator';
import AddPreconfigPage, { type PreconfigToAdd } from '../../features/configurator/add-preconfig-page';
import ConfiguratorPage from '../../features/configurator/configurator-page';
import { ProductDocumentsButton } from '../../features/downloads/product-documents-button';
import { AddToProject } from '../../features/projects/add-to-project';

/** "Add to project" (projects) under the configured product (configurator). */
function addToProject({ reference, quantity, pendantHeight, notMade }: ConfiguratorActionsState) {
  return (
    <>
      <AddToProject reference={reference} quantity={quantity} pendantHeight={pendantHeight ?? undefined} isDisabled={notMade} />
      {/* The configured product's documents (issue 14 §3); the catalogue is the reference's (a dash: 21). */}
      {reference !== '' && !notMade && <ProductDocumentsButton catalogId={reference.includes('-') ? 21 : 16} model={reference.replace('-', '').slice(0, 4)} reference={reference} />}
    </>
  );
}

/** /add-product[-v2]/{subFamilyId}/{applicationLocationId}/{model}: the configurator, ending in "Add to project". */
export function ConfigureProductPage({ mode }: { mode: ConfiguratorMode }) {
  return <ConfiguratorPage mode={mode} renderActions={addToProject} />;
}

/** "Add to project" (projects) for a whole preconfiguration: every line, with its quantity and pendant height (issue 10 §2). */
function addPreconfigToProject(preconfig: PreconfigToAdd) {
  return <AddToProject reference="" quantity={1} preconfig={preconfig} />;
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
