import type { Project } from '@lumen/contracts';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { loadVersions } from './projects-calls';
import { selectProjects, type VersionsRemote } from './projects-slice';

/**
 * The versions of the project on screen. The page loads them with the project
 * (loadProjectWithVersions) and renders once both are in; they are read again here when a new version
 * is made or the project changes (a rename renames every version), and on `retry` after a failure.
 */
export function useProjectVersions(project: Project): { remote: VersionsRemote; retry: () => void } {
  const dispatch = useAppDispatch();
  const held = useAppSelector((state) => selectProjects(state).versions);
  const [attempt, setAttempt] = useState(0);
  const versionMade = useAppSelector((state) => selectProjects(state).versionStatus) === 'success';

  // What the held versions were read for: the page's load at mount; any later change reads them again.
  const key = `${project.id}|${project.name}|${attempt}|${versionMade}`;
  const readFor = useRef(key);
  useEffect(() => {
    if (readFor.current === key) return;
    readFor.current = key;
    void dispatch(loadVersions({ projectId: project.id }));
  }, [dispatch, key, project.id]);

  const remote: VersionsRemote = held.projectId === project.id ? held.remote : { status: 'loading' };
  return { remote, retry: () => setAttempt((n) => n + 1) };
}
