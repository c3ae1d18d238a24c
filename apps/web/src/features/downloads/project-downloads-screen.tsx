import type { DocumentRequestItem, DownloadDelivery, Project, ProjectProduct } from '@lumen/contracts';
import { type DocumentProduct, documentRequests, DOWNLOAD_TYPES, type DownloadType, energyLabelRefusal, isDownloadTypeEnabled, requiredDownloadTypes } from '@lumen/domain';
import { Button, DataTable, type DataTableColumn } from '@lumen/ui';
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
 * The products are the rows of the kit's DataTable (issue 35 §1), sortable by model and reference,
 * with its skeleton, error and empty rows, each product a card on a phone; the whole project's
 * choices sit above it, so sorting never moves them.
 */
export function ProjectDownloadsScreen({ projectId, mode }: { projectId: number; mode: 'downloads' | 'export3d' }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [remote, reload] = useRemote(`project-${projectId}`, () => dispatch(loadDownloadProject({ projectId })).unwrap());
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

  const refused = remote.status === 'failed' && (remote.httpStatus === 404 || remote.httpStatus === 403);
  const loadError = t(refused ? 'downloads.error.FORBIDDEN' : 'downloads.error.load');
  const busy = state.phase === 'starting' || state.phase === 'running';
  const products = project?.products ?? [];
  const catalogId = project?.catalogId ?? 16;

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
  const lineIds = products.map((line) => line._id);
  const isOn = (id: string, type: DownloadType) => effective.get(id)?.has(type) ?? false;
  const allOn = (type: DownloadType) => products.length > 0 && products.every((line) => !isDownloadTypeEnabled(type, productOf(line, catalogId)) || isOn(line._id, type));
  const referenceOf = (line: ProjectProduct) => line.referenceCode ?? line.creationCode ?? '';

  const columns: DataTableColumn<ProjectProduct>[] = [
    // The line as people name it (issue 34 §3), its model number under it.
    {
      id: 'model',
      header: t('downloads.column.product'),
      isRowHeader: true,
      sortValue: (line) => line.description ?? line.model,
      cell: (line) => (
        <>
          {line.description ?? line.model}
          {/* A space, not only the line break of the style: the row's name is read "Sticks L 60 7460". */}
          {line.description && <> <span className="downloads-table__model">{line.model}</span></>}
        </>
      ),
    },
    { id: 'reference', header: t('downloads.column.reference'), sortValue: referenceOf, cell: (line) => <span className="downloads-table__ref">{referenceOf(line)}</span> },
    ...CHOOSABLE.map(
      (type): DataTableColumn<ProjectProduct> => ({
        id: type,
        header: t(`downloads.type.${type}`),
        align: 'center',
        cell: (line) => {
          const product = productOf(line, catalogId);
          const enabled = isDownloadTypeEnabled(type, product);
          const forced = requiredDownloadTypes(product).includes(type) && CHOOSABLE.some((other) => isOn(line._id, other));
          const hint = !enabled ? t(energyLabelRefusal(product) === 'usCatalogue' ? 'downloads.energyNotUs' : 'downloads.energyDisabled') : forced ? t('downloads.installationRequired') : undefined;
          return (
            <span title={hint}>
              <input
                type="checkbox"
                aria-label={`${line.model} ${referenceOf(line)}: ${t(`downloads.type.${type}`)}${hint ? ` (${hint})` : ''}`}
                checked={enabled && (isOn(line._id, type) || forced)}
                disabled={busy || !enabled || forced}
                onChange={(event) => toggle([line._id], type, event.target.checked)}
              />
            </span>
          );
        },
      }),
    ),
  ];

  const begin = () => {
    if (!project) return;
    const docs = projectRequests(project, effective, i18n.language);
    if (docs.length === 0) {
      setNothing(true);
      return;
    }
    void start({ docs, delivery, catalogId: project.catalogId, projectId: project.id, title: project.name });
  };

  return (
    <section className="page downloads-screen" aria-labelledby="downloads-title">
      <header className="downloads-screen__header">
        {project && (
          <p className="page-eyebrow">
            <Link className="downloads-screen__project" to={`/project/${project.id}`}>
              {project.name}
            </Link>
          </p>
        )}
        <h1 id="downloads-title">{t(mode === 'export3d' ? 'downloads.title.export3d' : 'downloads.title.project')}</h1>
        <p className="downloads-screen__lead">{t(mode === 'export3d' ? 'downloads.intro.export3d' : 'downloads.intro.project')}</p>
      </header>
      {mode === 'downloads' ? (
        <>
          {products.length > 0 && (
            <fieldset className="downloads-whole" disabled={busy}>
              <legend>{t('downloads.wholeProject')}</legend>
              {CHOOSABLE.map((type) => (
                <label key={type} className="downloads-chip">
                  <input type="checkbox" aria-label={`${t('downloads.wholeProject')}: ${t(`downloads.type.${type}`)}`} checked={allOn(type)} onChange={(event) => toggle(lineIds, type, event.target.checked)} />
                  {t(`downloads.type.${type}`)}
                </label>
              ))}
            </fieldset>
          )}
          <DataTable<ProjectProduct>
            aria-label={t('downloads.chooseCaption')}
            className="downloads-table"
            stacked
            columns={columns}
            rows={products}
            rowKey={(line) => line._id}
            status={remote.status === 'loading' ? 'loading' : remote.status === 'failed' ? 'error' : 'ready'}
            error={loadError}
            {...(refused ? {} : { onRetry: reload })}
            empty={t('downloads.emptyProject')}
          />
        </>
      ) : remote.status === 'loading' ? (
        <p role="status">{t('downloads.loading')}</p>
      ) : remote.status === 'failed' ? (
        <p className="downloads-screen__error" role="alert">
          {loadError}
        </p>
      ) : (
        products.length === 0 && <p className="downloads-screen__empty">{t('downloads.emptyProject')}</p>
      )}
      {products.length > 0 && (
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
        <Link className="text-link" to="/services/download">
          {t('downloads.services.link')}
        </Link>
      </p>
    </section>
  );
}
