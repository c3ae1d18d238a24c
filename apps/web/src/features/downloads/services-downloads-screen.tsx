import type { Download } from '@lumen/contracts';
import { Button } from '@lumen/ui';
import { useEffect } from 'react';
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

/**
 * /services/download: the session's downloads (running, finished, failed with the reason), so a user
 * who navigated away comes back to them: a running one is followed live, a finished zip fetched again.
 */
export function ServicesDownloadsScreen() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [remote, reload] = useRemote('downloads', () => dispatch(loadDownloads()).unwrap());
  const date = new Intl.DateTimeFormat(i18n.language === 'us' ? 'en-US' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="downloads-screen">
      <header className="downloads-screen__header">
        <h1>{t('downloads.title.services')}</h1>
        <p>{t('downloads.intro.services')}</p>
      </header>
      {remote.status === 'loading' && <p role="status">{t('downloads.loading')}</p>}
      {remote.status === 'failed' && <p role="alert">{t('downloads.error.load')}</p>}
      {remote.status === 'ready' && remote.data.items.length === 0 && <p>{t('downloads.services.empty')}</p>}
      {remote.status === 'ready' && remote.data.items.length > 0 && (
        <ol className="downloads-list">
          {remote.data.items.map((download) => {
            const failed = download.items.filter((item) => item.status === 'failed');
            return (
              <li key={download.id} className="downloads-list__item" data-testid="download-entry">
                <div className="downloads-list__head">
                  <h2>{download.projectId !== null ? <Link to={`/project/${download.projectId}`}>{download.title}</Link> : download.title}</h2>
                  <span className={`downloads-status downloads-status--${download.status}`}>{t(`downloads.status.${download.status}`)}</span>
                </div>
                <p className="downloads-list__meta">
                  {date.format(new Date(download.createdAt))} · {t('downloads.documentsCount', { count: download.items.length })} · {t(`downloads.delivery.${download.delivery}`)}
                </p>
                {download.status === 'running' ? (
                  <LiveDownload download={download} onSettled={reload} />
                ) : (
                  <>
                    {download.zipUrl && (
                      <p>
                        <a href={download.zipUrl} download={download.zipName}>
                          {t('downloads.zipLink', { name: download.zipName })}
                        </a>
                      </p>
                    )}
                    {download.delivery === 'files' && (
                      <ul className="downloads-list__files">
                        {download.items.flatMap((item) =>
                          item.files.map((file) => (
                            <li key={file.url}>
                              <a href={file.url} download={file.fileName}>
                                {file.fileName}
                              </a>
                            </li>
                          )),
                        )}
                      </ul>
                    )}
                    {failed.length > 0 && (
                      <ul className="downloads-list__failed">
                        {failed.map((item) => (
                          <li key={item.name}>
                            {documentLabel(t, item)}: {failureReason(t, item.error)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </>
                )}
                {download.status === 'running' && (
                  <Button variant="secondary" size="sm" onPress={() => void dispatch(cancelDownloadCall({ id: download.id })).then(reload)}>
                    {t('downloads.cancel')}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
