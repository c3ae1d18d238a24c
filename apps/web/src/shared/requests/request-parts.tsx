import type { RequestDetail, RequestMessage, RequestProjectSnapshot, RequestSummary } from '@lumen/contracts';
import { Badge, Button, Icon, type BadgeTone } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch } from '../store';
import { downloadRequestFile } from './request-calls';
import './requests.css';

/*
 * The pieces of a request that its requester and the desk both read: its status, the project as it
 * was sent, its files and the conversation.
 */

const REQUEST_TONES: Record<RequestSummary['status'], BadgeTone> = { received: 'neutral', in_progress: 'warning', answered: 'success', closed: 'muted' };

export function RequestStatusBadge({ status }: { status: RequestSummary['status'] }) {
  const { t } = useTranslation();
  return <Badge tone={REQUEST_TONES[status]}>{t(`requests.status.${status}`)}</Badge>;
}

/** The project's lines as the request captured them: later edits of the project do not change them. */
export function ProjectSnapshotLines({ project }: { project: RequestProjectSnapshot }) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = {
    reference: t('requests.snapshot.reference'),
    description: t('requests.snapshot.description'),
    quantity: t('requests.snapshot.quantity'),
    pendant: t('requests.snapshot.pendantHeight'),
  };
  return (
    <div className="request-snapshot">
      <table className="request-snapshot__table">
        <caption>{t('requests.snapshot.caption', { name: project.name, count: project.lines.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.reference}</th>
            <th scope="col">{columns.description}</th>
            <th scope="col" className="request-snapshot__number">
              {columns.quantity}
            </th>
            <th scope="col" className="request-snapshot__number">
              {columns.pendant}
            </th>
          </tr>
        </thead>
        <tbody>
          {project.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" data-label={columns.reference} className="request-snapshot__reference">
                {line.referenceCode ?? line.model}
              </th>
              <td data-label={columns.description}>{line.description ?? '—'}</td>
              <td data-label={columns.quantity} className="request-snapshot__number">
                {format.number(line.quantity)}
              </td>
              <td data-label={columns.pendant} className="request-snapshot__number">
                {line.pendantHeightCm === null ? '—' : format.length(line.pendantHeightCm, project.catalogId)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A request's files, each downloaded under its name (the api sends it as an attachment). */
export function RequestAttachments({ requestId, files }: { requestId: number; files: RequestDetail['attachments'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  if (files.length === 0) return <p className="request-muted">{t('requests.files.none')}</p>;
  return (
    <ul className="request-files" aria-label={t('requests.files.title')}>
      {files.map((file) => (
        <li key={file.id} className="request-files__item">
          <Icon name="file" size={20} />
          <span className="request-files__text">
            <span className="request-files__name">{file.name}</span> <span className="request-muted">{format.fileSize(file.size)}</span>
          </span>
          <Button variant="secondary" size="sm" aria-label={t('requests.files.downloadFile', { name: file.name })} onPress={() => void dispatch(downloadRequestFile({ requestId, fileId: file.id, name: file.name }))}>
            {t('requests.files.download')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The desk's replies, oldest first, each with who wrote it and when. */
export function RequestConversation({ messages }: { messages: readonly RequestMessage[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (messages.length === 0) return <p className="request-muted">{t('requests.replies.none')}</p>;
  return (
    <ol className="request-conversation" aria-label={t('requests.replies.title')}>
      {messages.map((message) => (
        <li key={message.id} className="request-conversation__message">
          <p className="request-conversation__meta">
            <span className="request-conversation__author">{message.authorName}</span>
            <time dateTime={message.createdAt}>{format.date(message.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </p>
          <p className="request-conversation__body">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
