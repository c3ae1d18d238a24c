import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { loadProjectAddProduct } from '../../features/projects';
import { useAppDispatch, useAppSelector } from '../../shared/store';

/** The projects feature's note of the target project, loaded with it (a visitor never needs it). */
const ProjectTargetBanner = lazy(() => loadProjectAddProduct().then((module) => ({ default: module.ProjectTargetBanner })));

/** Whether a product is being chosen for a project (the projects feature's target, once it has loaded). */
function useChoosingForProject(): boolean {
  return useAppSelector((state) => (state.projectTarget?.projectId ?? null) !== null);
}

/**
 * A step of choosing a product (catalogue and configurator screens): while a product is being chosen
 * for a project, the project's note and "Back to the project" stay above every step (issue 10 §9).
 */
export function CatalogueStep({ children }: { children: ReactNode }) {
  const choosing = useChoosingForProject();
  return (
    <>
      {choosing && (
        <Suspense fallback={null}>
          <ProjectTargetBanner />
        </Suspense>
      )}
      {children}
    </>
  );
}

/** /create-project (the header's "Catalogue"): browsing afresh, for no project; then the collections (spec §2). */
export function StartCatalogue() {
  const dispatch = useAppDispatch();
  const choosing = useChoosingForProject();
  useEffect(() => {
    if (choosing) void loadProjectAddProduct().then((module) => dispatch(module.forgetProjectTarget()));
  }, [choosing, dispatch]);
  return <Navigate to="/create-project/select-collection" replace />;
}
