import type { Download } from '@lumen/contracts';
import { DOWNLOAD_PROGRESS } from '@lumen/domain';
import { Button, ProgressBar } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { documentLabel, failureReason } from './download-labels';
import { type DownloadState, overallProgress } from './use-download';

/** Live progress of one download: overall, then per document (spec §3, §4), with cancel and the zip link. */
export function DownloadProgress({ state, download, onCancel }: { state: DownloadState; download: Download; onCancel: () => void }) {
  const { t } = useTranslation();
  const overall = overallProgress(state);
  const percent = overall.total === 0 ? 0 : Math.round((100 * overall.current) / overall.total);
  const running = state.phase === 'running' || state.phase === 'starting';
  return (
    <section className="downloads-progress" aria-label={t('downloads.progressTitle')}>
      <ProgressBar label={t('downloads.overall')} value={overall.current} maxValue={Math.max(1, overall.total)} valueLabel={`${percent} %`} />
      <ul className="downloads-progress__files">
        {download.items.map((item) => {
          const progress = state.files[item.name] ?? item.progress;
          const failed = progress.currentProgress === DOWNLOAD_PROGRESS.ERROR && (item.status === 'failed' || state.failed.includes(item.name));
          const status = failed ? 'failed' : progress.currentProgress >= DOWNLOAD_PROGRESS.MAX ? 'saved' : progress.currentProgress >= DOWNLOAD_PROGRESS.READY ? 'ready' : state.phase === 'cancelled' ? 'cancelled' : 'running';
          return (
            <li key={item.name} className={`downloads-progress__file downloads-progress__file--${status}`} data-testid="download-file">
              <ProgressBar
                label={documentLabel(t, item)}
                value={failed ? DOWNLOAD_PROGRESS.MAX : progress.currentProgress}
                maxValue={DOWNLOAD_PROGRESS.MAX}
                valueLabel={failed ? failureReason(t, item.error) : t(`downloads.fileStatus.${status}`)}
              />
            </li>
          );
        })}
      </ul>
      <div className="downloads-progress__actions" role="status">
        {running && (
          <Button variant="secondary" onPress={onCancel}>
            {t('downloads.cancel')}
          </Button>
        )}
        {state.phase === 'ready' && download.delivery === 'zip' && download.zipUrl !== null && (
          <p>
            {t('downloads.ready')}{' '}
            <a href={download.zipUrl} download={download.zipName}>
              {download.zipName}
            </a>
          </p>
        )}
        {state.phase === 'ready' && download.delivery === 'zip' && download.zipUrl === null && <p>{t('downloads.readyNoZip')}</p>}
        {state.phase === 'ready' && download.delivery === 'files' && <p>{t('downloads.readyFiles')}</p>}
        {state.phase === 'cancelled' && <p>{t('downloads.cancelled')}</p>}
        {state.failed.length > 0 && <p className="downloads-progress__warning">{t('downloads.someFailed', { count: state.failed.length })}</p>}
      </div>
    </section>
  );
}
