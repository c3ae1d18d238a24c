import type { DocumentRequestItem, DownloadDelivery, Project, ProjectProduct } from '@lumen/contracts';
import { type DocumentProduct, documentRequests, DOWNLOAD_TYPES, type DownloadType, energyLabelRefusal, isDownloadTypeEnabled, requiredDownloadTypes } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { DownloadProgress } from './download-progress';
import { loadDownloadProject } from './downloads-calls';
import { useDownload } from './use-download';
import './downloads.css';

const CHOOSABLE = DOWNLOAD_TYPES.filter((type) => type !== 'all');

function productOf(line: ProjectProduct, catalogId: number): DocumentProduct {
  return {
    type: line.type === 'CREATION' ? 'CREATION' : 'REGULAR',
    catalogId,
    model: line.model,
    ...(line.familyId !== null ? { familyId: line.familyId } : {}),
    ...(line.subFamily ? { subFamilyId: line.subFamily.id } : {}),
    ...(line.applicationLocation ? { applicationLocationId: line.applicationLocation.id } : {}),
    creationCode: line.creationCode,
    validated: line.validation.status === 'VALIDATED',
  };
}

/** The requests of the chosen types for every line (creation rules of spec §9 applied by the domain), each naming its project line. */
export function projectRequests(project: Project, chosen: ReadonlyMap<string, ReadonlySet<DownloadType>>, locale: string): DocumentRequestItem[] {
  return project.products.flatMap((line) => {
    const types = [...(chosen.get(line._id) ?? [])];
    if (types.length === 0) return [];
    return documentRequests(productOf(line, project.catalogId), types, locale).map((request): DocumentRequestItem => ({
      type: request.type,
      ...(request.subType ? { subType: request.subType } : {}),
      ...(request.language ? { language: request.language as DocumentRequestItem['language'] } : {}),
      params: { ...request.params, projectId: project.id, productId: line._id } as DocumentRequestItem['params'],
    }));
  });
}

/**
 * /project/{projectId}/downloads and /technical-downloads (project.download): per product and for the
 * whole project, the download types of spec §9 with the creation rules (no energy label for creations
 * nor in the US catalogue;
 * the installation manual always for validated creations), one zip or separate files, live progress
 * per document and overall, cancel. `export3d`: the whole project's 2D and 3D models in one zip.
 */
export function ProjectDownloadsScreen({ projectId, mode }: { projectId: number; mode: 'downloads' | 'export3d' }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [remote] = useRemote(`project-${projectId}`, () => dispatch(loadDownloadProject({ projectId })).unwrap());
  const [chosen, setChosen] = useState<Map<string, Set<DownloadType>>>(new Map());
  const [delivery, setDelivery] = useState<DownloadDelivery>('zip');
  const [nothing, setNothing] = useState(false);
  const { state, start, cancel, reset } = useDownload();
  const project = remote.status === 'ready' ? remote.data : null;

  const effective = useMemo(() => {
    if (!project) return new Map<string, Set<DownloadType>>();
    if (mode === 'export3d') return new Map(project.products.map((line) => [line._id, new Set<DownloadType>(['model3d'])]));
    return chosen;
  }, [chosen, mode, project]);

  if (remote.status === 'loading') return <p className="downloads-screen" role="status">{t('downloads.loading')}</p>;
  if (remote.status === 'failed' || !project) {
    return (
      <section className="downloads-screen">
        <p role="alert">{t(remote.status === 'failed' && (remote.httpStatus === 404 || remote.httpStatus === 403) ? 'downloads.error.FORBIDDEN' : 'downloads.error.load')}</p>
      </section>
    );
  }

  const toggle = (lineIds: readonly string[], type: DownloadType, on: boolean) => {
    setNothing(false);
    setChosen((previous) => {
      const next = new Map([...previous].map(([key, value]) => [key, new Set(value)]));
      for (const id of lineIds) {
        const set = next.get(id) ?? new Set<DownloadType>();
        if (on) set.add(type);
        else set.delete(type);
        next.set(id, set);
      }
      return next;
    });
  };
  const lineIds = project.products.map((line) => line._id);
  const isOn = (id: string, type: DownloadType) => effective.get(id)?.has(type) ?? false;
  const allOn = (type: DownloadType) => project.products.length > 0 && project.products.every((line) => !isDownloadTypeEnabled(type, productOf(line, project.catalogId)) || isOn(line._id, type));

  const begin = () => {
    const docs = projectRequests(project, effective, i18n.language);
    if (docs.length === 0) {
      setNothing(true);
      return;
    }
    void start({ docs, delivery, catalogId: project.catalogId, projectId: project.id, title: project.name });
  };
  const busy = state.phase === 'starting' || state.phase === 'running';

  return (
    <section className="downloads-screen">
      <header className="downloads-screen__header">
        <h1>{t(mode === 'export3d' ? 'downloads.title.export3d' : 'downloads.title.project')}</h1>
        <p className="downloads-screen__project">
          <Link to={`/project/${project.id}`}>{project.name}</Link>
        </p>
        <p>{t(mode === 'export3d' ? 'downloads.intro.export3d' : 'downloads.intro.project')}</p>
      </header>
      {project.products.length === 0 ? (
        <p>{t('downloads.emptyProject')}</p>
      ) : (
        mode === 'downloads' && (
          <div className="downloads-table-wrap">
            <table className="downloads-table">
              <caption className="lm-visually-hidden">{t('downloads.chooseCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('downloads.column.product')}</th>
                  {CHOOSABLE.map((type) => (
                    <th scope="col" key={type}>
                      {t(`downloads.type.${type}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr className="downloads-table__all">
                  <th scope="row">{t('downloads.wholeProject')}</th>
                  {CHOOSABLE.map((type) => (
                    <td key={type}>
                      <input type="checkbox" aria-label={`${t('downloads.wholeProject')}: ${t(`downloads.type.${type}`)}`} checked={allOn(type)} disabled={busy} onChange={(event) => toggle(lineIds, type, event.target.checked)} />
                    </td>
                  ))}
                </tr>
                {project.products.map((line) => {
                  const product = productOf(line, project.catalogId);
                  const required = requiredDownloadTypes(product);
                  return (
                    <tr key={line._id}>
                      <th scope="row">
                        <span className="downloads-table__model">{line.model}</span> <span className="downloads-table__ref">{line.referenceCode ?? line.creationCode ?? ''}</span>
                      </th>
                      {CHOOSABLE.map((type) => {
                        const enabled = isDownloadTypeEnabled(type, product);
                        const forced = required.includes(type) && CHOOSABLE.some((other) => isOn(line._id, other));
                        const hint = !enabled ? t(energyLabelRefusal(product) === 'usCatalogue' ? 'downloads.energyNotUs' : 'downloads.energyDisabled') : forced ? t('downloads.installationRequired') : undefined;
                        return (
                          <td key={type} title={hint}>
                            <input
                              type="checkbox"
                              aria-label={`${line.model} ${line.referenceCode ?? line.creationCode ?? ''}: ${t(`downloads.type.${type}`)}${hint ? ` (${hint})` : ''}`}
                              checked={enabled && (isOn(line._id, type) || forced)}
                              disabled={busy || !enabled || forced}
                              onChange={(event) => toggle([line._id], type, event.target.checked)}
                            />
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )
      )}
      {project.products.length > 0 && (
        <div className="downloads-screen__start">
          <fieldset className="downloads-delivery" disabled={busy}>
            <legend>{t('downloads.delivery')}</legend>
            {(['zip', 'files'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="delivery" value={value} checked={delivery === value} onChange={() => setDelivery(value)} /> {t(`downloads.delivery.${value}`)}
              </label>
            ))}
          </fieldset>
          <Button onPress={begin} isLoading={state.phase === 'starting'} isDisabled={busy}>
            {t('downloads.start')}
          </Button>
          {state.phase !== 'idle' && !busy && (
            <Button variant="secondary" onPress={reset}>
              {t('downloads.again')}
            </Button>
          )}
          {nothing && (
            <p className="downloads-screen__error" role="alert">
              {t('downloads.nothingChosen')}
            </p>
          )}
        </div>
      )}
      {state.error && (
        <p className="downloads-screen__error" role="alert">
          {t(['LOST', 'FORBIDDEN', 'VALIDATION_FAILED'].includes(state.error) ? `downloads.error.${state.error}` : 'downloads.error.generic')}
        </p>
      )}
      {state.download && <DownloadProgress state={state} download={state.download} onCancel={cancel} />}
      <p className="downloads-screen__footer">
        <Link to="/services/download">{t('downloads.services.link')}</Link>
      </p>
    </section>
  );
}
