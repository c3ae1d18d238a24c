import type { Project, ProjectVersion } from '@lumen/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { loadVersions } from './projects-calls';
import { selectProjects } from './projects-slice';

export type VersionsRemote = { status: 'loading' } | { status: 'ready'; versions: ProjectVersion[] } | { status: 'failed' };

/**
 * The versions of the project on screen (GET apiv2 /project/{id}/versions), read again when a new
 * version is made or the project changes (a rename renames every version); `retry` after a failure.
 */
export function useProjectVersions(project: Project): { remote: VersionsRemote; retry: () => void } {
  const dispatch = useAppDispatch();
  const [remote, setRemote] = useState<VersionsRemote>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const versionMade = useAppSelector((state) => selectProjects(state).versionStatus) === 'success';

  useEffect(() => {
    let current = true;
    // Switching between versions of one family keeps the list on screen while it is read again.
    setRemote((before) => (before.status === 'ready' && before.versions.some((version) => version.id === project.id) ? before : { status: 'loading' }));
    void dispatch(loadVersions({ projectId: project.id })).then((result) => {
      if (!current) return;
      setRemote(loadVersions.fulfilled.match(result) ? { status: 'ready', versions: result.payload } : { status: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [dispatch, project.id, project.name, attempt, versionMade]);

  return { remote, retry: () => setAttempt((n) => n + 1) };
}
