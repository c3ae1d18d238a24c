import type { RequestDetail, RequestSummary } from '@lumen/contracts';
import { Button } from '@lumen/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { ProjectSnapshotLines, RequestAttachments, RequestConversation, RequestStatusBadge } from '../../shared/requests';
// The text alone: the index brings the form fields and their schemas, which a read-back does not need.
import { SiteLocationText } from '../../shared/site-location/site-location-text';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadMyRequest, loadMyRequests } from './project-requests-calls';
import { projectPagePath } from './request-paths';
import './project-requests.css';

/**
 * The requests about one project that the user sent (issue 11 §5), on the project page: their status
 * and the desk's replies. Nothing shows until there is one (or the list cannot be loaded).
 */
export function ProjectRequestsSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [requests, reload] = useMyRequests(projectId);
  if (requests.status === 'loading' || (requests.status === 'ready' && requests.data.length === 0)) return null;
  return (
    <section className="my-requests" aria-labelledby="project-requests-title">
      <h2 id="project-requests-title">{t('myRequests.projectTitle')}</h2>
      {requests.status === 'failed' ? <ListFailed onRetry={reload} /> : <RequestList requests={requests.data} showProject={false} />}
    </section>
  );
}

/** Every request the user sent (issue 11 §5), on the profile page. */
export function MyRequestsSection() {
  const { t } = useTranslation();
  const [requests, reload] = useMyRequests(undefined);
  return (
    <section className="card profile__section my-requests" aria-labelledby="my-requests-title">
      <h2 id="my-requests-title">{t('myRequests.title')}</h2>
      {requests.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {requests.status === 'failed' && <ListFailed onRetry={reload} />}
      {requests.status === 'ready' && (requests.data.length === 0 ? <p className="request-muted">{t('myRequests.none')}</p> : <RequestList requests={requests.data} showProject />)}
    </section>
  );
}

function useMyRequests(projectId: number | undefined) {
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  return useRemote(`${projectId ?? 'all'}|${lang}`, () => dispatch(loadMyRequests({ ...(projectId === undefined ? {} : { projectId }), lang })).unwrap());
}

function ListFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="form-alert my-requests__failed">
      <p>{t('myRequests.loadFailed')}</p>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        {t('siteLocation.retry')}
      </Button>
    </div>
  );
}

function RequestList({ requests, showProject }: { requests: readonly RequestSummary[]; showProject: boolean }) {
  return (
    <ul className="my-requests__list">
      {requests.map((request) => (
        <RequestItem key={request.id} request={request} showProject={showProject} />
      ))}
    </ul>
  );
}

function RequestItem({ request, showProject }: { request: RequestSummary; showProject: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <li className="my-requests__item">
      <div className="my-requests__summary">
        <div className="my-requests__main">
          <p className="my-requests__subject">
            {request.subject} <span className="request-muted">{t('requests.number', { number: request.id })}</span>
          </p>
          <p className="my-requests__facts">
            <span>{t('myRequests.sentOn', { date: format.date(request.createdAt) })}</span>
            {showProject && request.projectId !== null && (
              <Link className="text-link" to={projectPagePath(request.projectId)}>
                {request.projectName}
              </Link>
            )}
            <span>{t('requests.replies.count', { count: request.replies })}</span>
          </p>
        </div>
        <RequestStatusBadge status={request.status} />
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailId} aria-label={t(open ? 'myRequests.hideFor' : 'myRequests.showFor', { number: request.id })} onPress={() => setOpen(!open)}>
          {t(open ? 'myRequests.hide' : 'myRequests.show')}
        </Button>
      </div>
      <div id={detailId} hidden={!open}>
        {open && <MyRequestDetail id={request.id} />}
      </div>
    </li>
  );
}

function MyRequestDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [detail, reload] = useRemote<RequestDetail>(`${id}|${lang}`, () => dispatch(loadMyRequest({ id, lang })).unwrap());
  if (detail.status === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (detail.status === 'failed') return <ListFailed onRetry={reload} />;
  const request = detail.data;
  return (
    <div className="my-requests__detail">
      <section aria-label={t('requests.replies.title')}>
        <h3>{t('requests.replies.title')}</h3>
        <RequestConversation messages={request.messages} />
      </section>
      {request.message && (
        <section>
          <h3>{t('myRequests.yourMessage')}</h3>
          <p className="my-requests__message">{request.message}</p>
        </section>
      )}
      {request.siteLocation && (
        <p>
          <strong>{t('siteLocation.title')}:</strong> <SiteLocationText site={request.siteLocation} catalogId={request.catalogId} />
        </p>
      )}
      {request.project && <ProjectSnapshotLines project={request.project} />}
      {request.attachments.length > 0 && (
        <section>
          <h3>{t('requests.files.title')}</h3>
          <RequestAttachments requestId={request.id} files={request.attachments} />
        </section>
      )}
    </div>
  );
}
