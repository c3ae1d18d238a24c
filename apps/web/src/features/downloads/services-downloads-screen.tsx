import type { Download } from '@lumen/contracts';
import { Badge, Button, DataTable, type BadgeTone, type DataTableColumn } from '@lumen/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { documentLabel, failureReason } from './download-labels';
import { DownloadProgress } from './download-progress';
import { cancelDownloadCall, loadDownloads } from './downloads-calls';
import { useDownload } from './use-download';
import './downloads.css';

/** A running download followed live (resumed over the socket). */
function LiveDownload({ download, onSettled }: { download: Download; onSettled: () => void }) {
  const { state, resume, cancel } = useDownload();
  useEffect(() => {
    void resume(download.id);
  }, [download.id, resume]);
  useEffect(() => {
    if (state.phase === 'ready' || state.phase === 'cancelled' || state.phase === 'failed') onSettled();
  }, [onSettled, state.phase]);
  return <DownloadProgress state={state} download={state.download ?? download} onCancel={cancel} />;
}

const TONES: Record<Download['status'], BadgeTone> = { running: 'warning', ready: 'success', failed: 'danger', cancelled: 'muted' };

/** What a finished download holds: its zip, or its files one by one, and why a document failed. */
function DownloadFiles({ download }: { download: Download }) {
  const { t } = useTranslation();
  const failed = download.items.filter((item) => item.status === 'failed');
  return (
    <div className="downloads-files">
      {download.zipUrl && (
        <a className="text-link" href={download.zipUrl} download={download.zipName}>
          {t('downloads.zipLink', { name: download.zipName })}
        </a>
      )}
      {download.delivery === 'files' && (
        <ul className="downloads-files__list">
          {download.items.flatMap((item) =>
            item.files.map((file) => (
              <li key={file.url}>
                <a className="text-link" href={file.url} download={file.fileName}>
                  {file.fileName}
                </a>
              </li>
            )),
          )}
        </ul>
      )}
      {failed.length > 0 && (
        <ul className="downloads-files__failed">
          {failed.map((item) => (
            <li key={item.name}>
              {documentLabel(t, item)}: {failureReason(t, item.error)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /services/download: the session's downloads (running, finished, failed with the reason), so a user
 * who navigated away comes back to them: a running one is followed live, a finished zip fetched again.
 * In the kit's DataTable (issue 35 §1): newest first, sortable by name, date, documents and status;
 * its skeleton rows, error row with a retry and empty row; on a phone each download is a card.
 */
export function ServicesDownloadsScreen() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  // A download that settles or is cancelled refreshes the list behind the table (the rows stay until the answer); a failed load retries from the start.
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((n) => n + 1), []);
  const [remote, reload] = useRemote('downloads', () => dispatch(loadDownloads()).unwrap(), { refresh: String(version) });
  const date = new Intl.DateTimeFormat(i18n.language === 'us' ? 'en-US' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: DataTableColumn<Download>[] = [
    {
      id: 'title',
      header: t('downloads.column.name'),
      isRowHeader: true,
      sortValue: (download) => download.title,
      cell: (download) =>
        download.projectId !== null ? (
          <Link className="text-link" to={`/project/${download.projectId}`}>
            {download.title}
          </Link>
        ) : (
          download.title
        ),
    },
    { id: 'createdAt', header: t('downloads.column.date'), sortValue: (download) => download.createdAt, cell: (download) => date.format(new Date(download.createdAt)) },
    { id: 'documents', header: t('downloads.column.documents'), align: 'end', sortValue: (download) => download.items.length, cell: (download) => download.items.length },
    { id: 'delivery', header: t('downloads.delivery'), cell: (download) => t(`downloads.delivery.${download.delivery}`) },
    { id: 'status', header: t('downloads.column.status'), sortValue: (download) => t(`downloads.status.${download.status}`), cell: (download) => <Badge tone={TONES[download.status]}>{t(`downloads.status.${download.status}`)}</Badge> },
    {
      id: 'files',
      header: t('downloads.column.files'),
      cell: (download) => (download.status === 'running' ? <LiveDownload download={download} onSettled={refresh} /> : <DownloadFiles download={download} />),
    },
  ];

  return (
    <section className="page downloads-screen" aria-labelledby="downloads-title">
      <header className="downloads-screen__header">
        <h1 id="downloads-title">{t('downloads.title.services')}</h1>
        <p className="downloads-screen__lead">{t('downloads.intro.services')}</p>
      </header>
      <DataTable<Download>
        aria-label={t('downloads.title.services')}
        className="downloads-services"
        stacked
        columns={columns}
        rows={remote.status === 'ready' ? remote.data.items : []}
        rowKey={(download) => download.id}
        status={remote.status === 'loading' ? 'loading' : remote.status === 'failed' ? 'error' : 'ready'}
        error={t('downloads.services.loadFailed')}
        onRetry={reload}
        empty={t('downloads.services.empty')}
        defaultSort={{ column: 'createdAt', direction: 'descending' }}
        pageSize={20}
        rowActions={(download) =>
          download.status === 'running' && (
            <Button variant="secondary" size="sm" onPress={() => void dispatch(cancelDownloadCall({ id: download.id })).then(refresh)}>
              {t('downloads.cancel')}
            </Button>
          )
        }
      />
    </section>
  );
}
