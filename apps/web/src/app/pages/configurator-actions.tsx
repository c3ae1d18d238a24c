import type { ConfiguratorActionsState } from '../../features/configurator/configurator';
import type { PreconfigToAdd } from '../../features/configurator/add-preconfig-page';
import { ProductDocumentsButton } from '../../features/downloads/product-documents-button';
import { AddToProject } from '../../features/projects/add-to-project';

// The configurators' actions (projects' "Add to project", downloads' documents), a module of their
// own that configure-product-pages.tsx loads lazily: the configurator page's first paint (its title
// and picture) does not wait for them (issue 35 §5).

/** "Add to project" (projects) under the configured product (configurator), and the product's documents. */
export function ConfiguredProductActions({ reference, quantity, pendantHeight, notMade }: ConfiguratorActionsState) {
  return (
    <>
      <AddToProject reference={reference} quantity={quantity} pendantHeight={pendantHeight ?? undefined} isDisabled={notMade} />
      {/* The configured product's documents (issue 14 §3); the catalogue is the reference's (a dash: 21). */}
      {reference !== '' && !notMade && <ProductDocumentsButton catalogId={reference.includes('-') ? 21 : 16} model={reference.replace('-', '').slice(0, 4)} reference={reference} />}
    </>
  );
}

/** "Add to project" (projects) for a whole preconfiguration: every line, with its quantity and pendant height (issue 10 §2). */
export function PreconfigActions({ preconfig }: { preconfig: PreconfigToAdd }) {
  return <AddToProject reference="" quantity={1} preconfig={preconfig} />;
}
