import { TextAreaText, type RequestDetail } from '@lumen/contracts';
import { Button, Card, PageHeader, TextArea } from '@lumen/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { useFailureMessage } from '../../shared/error-message';
import { required, useFormState } from '../../shared/forms';
import { LoadingState } from '../../shared/loading-state';
import { ProjectSnapshotLines, RequestAttachments, RequestConversation, RequestStatusBadge } from '../../shared/requests';
// The text alone: the index brings the form fields and their schemas, which a read-back does not need.
import { SiteLocationText } from '../../shared/site-location/site-location-text';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useRemote } from '../../shared/use-remote';
import { loadDeskRequest, loadLatestRegistration, replyToRequest, setDeskRequestStatus, type DeskStatus } from './desk-calls';
import './desk.css';

const DESK_STATUSES: readonly DeskStatus[] = ['in_progress', 'answered', 'closed'];
const REPLY_MAX = 4000;

const replyRule = (value: string) => required(value) ?? (value.trim().length > REPLY_MAX ? 'formError.tooLong' : TextAreaText.safeParse(value).success ? null : 'formError.pattern');

function parseRequestId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * /desk/requests/{id} (issue 11 §5): a request whole for the desk — what was asked, who asks, where,
 * the project as it was sent, the files, the conversation — with a reply (mailed to the requester,
 * shown to them; the request becomes answered) and the status buttons.
 */
export function DeskRequestPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const id = parseRequestId(useParams().requestId);
  const from = (useLocation().state as { from?: string } | null)?.from;
  // Read again after a reply; the page keeps showing the request meanwhile.
  const [round, setRound] = useState(0);
  const [request] = useRemote<RequestDetail>(id === null ? null : `${id}|${lang}|${round}`, () => dispatch(loadDeskRequest({ id: id ?? 0, lang })).unwrap());
  // The request as the last answer gave it: a load, or a status change (which answers the request whole).
  const [shown, setShown] = useState<RequestDetail | null>(null);
  const [loaded, setLoaded] = useState<RequestDetail | null>(null);
  if (request.status === 'ready' && request.data !== loaded) {
    setLoaded(request.data);
    setShown(request.data);
  }
  const current = shown?.id === id ? shown : null;

  const back = (
    <Link className="text-link" to={`/desk${from ? `?${from}` : ''}`}>
      {t('desk.backToInbox')}
    </Link>
  );
  if (id === null || (request.status === 'failed' && request.httpStatus === 404))
    return (
      <section className="page page--narrow desk" aria-labelledby="desk-missing-title">
        <PageHeader titleId="desk-missing-title" title={t('desk.notFoundTitle')} />
        <p>{t('desk.notFound')}</p>
        {back}
      </section>
    );
  if (request.status === 'failed' && !current)
    return (
      <section className="page page--narrow desk">
        <Card className="desk__message" role="alert">
          <p>{t('desk.requestFailed')}</p>
          <Button variant="secondary" onPress={() => setRound((value) => value + 1)}>
            {t('siteLocation.retry')}
          </Button>
        </Card>
      </section>
    );
  if (!current) return <LoadingState />;
  return <DeskRequestView request={current} back={back} onChanged={setShown} onReplied={() => setRound((value) => value + 1)} />;
}

interface DeskRequestViewProps {
  request: RequestDetail;
  back: ReactNode;
  onChanged: (request: RequestDetail) => void;
  onReplied: () => void;
}

function DeskRequestView({ request, back, onChanged, onReplied }: DeskRequestViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  // Replies sent from this page: each one starts a fresh reply box.
  const [replies, setReplies] = useState(0);
  return (
    <section className="page desk desk-request" aria-labelledby="desk-request-title">
      <nav className="desk-request__crumbs" aria-label={t('desk.crumbs')}>
        {back}
      </nav>
      <PageHeader
        titleId="desk-request-title"
        // A support request's subject is its topic: the kind says what it is. Other kinds are their subject.
        eyebrow={request.kind === 'support' ? t('requests.kind.support') : undefined}
        title={`${t('requests.number', { number: request.id })} · ${request.subject}`}
        actions={<StatusButtons request={request} onChanged={onChanged} />}
      >
        <p className="desk-request__facts">
          <RequestStatusBadge status={request.status} />
          <span>{t('desk.receivedOn', { date: format.date(request.createdAt, { dateStyle: 'long', timeStyle: 'short' }) })}</span>
          <span>{t(`projects.catalog.${request.catalogId}`)}</span>
          <span>{t('desk.language', { language: t(`language.${request.lang}`) })}</span>
        </p>
      </PageHeader>

      <div className="desk-request__layout">
        <div className="desk-request__aside">
          <Card title={t('desk.section.contact')} titleId="desk-contact-title">
            <dl className="desk-request__contact">
              <dt>{t('support.field.name')}</dt>
              <dd>{request.contactName}</dd>
              <dt>{t('support.field.email')}</dt>
              <dd>
                <a className="text-link" href={`mailto:${request.contactEmail}`}>
                  {request.contactEmail}
                </a>
              </dd>
              {request.contactPhone && (
                <>
                  <dt>{t('support.field.phone')}</dt>
                  <dd>
                    <a className="text-link" href={`tel:${request.contactPhone}`}>
                      {request.contactPhone}
                    </a>
                  </dd>
                </>
              )}
              {request.contactCompany && (
                <>
                  <dt>{t('support.field.company')}</dt>
                  <dd>{request.contactCompany}</dd>
                </>
              )}
              {request.siteLocation && (
                <>
                  <dt>{t('siteLocation.title')}</dt>
                  <dd>
                    <SiteLocationText site={request.siteLocation} catalogId={request.catalogId} />
                  </dd>
                </>
              )}
            </dl>
          </Card>
        </div>
        <div className="desk-request__main">
          {request.message && (
            <Card title={t('desk.section.message')} titleId="desk-message-title">
              <p className="desk-request__message">{request.message}</p>
            </Card>
          )}
          {request.kind === 'project-registration-usa' && request.projectId !== null && <RegistrationDetails requestId={request.id} projectId={request.projectId} />}
          {request.project && (
            <Card title={t('desk.section.project')} titleId="desk-project-title">
              <ProjectSnapshotLines project={request.project} />
            </Card>
          )}
          <Card title={t('requests.files.title')} titleId="desk-files-title">
            <RequestAttachments requestId={request.id} files={request.attachments} />
          </Card>
          <Card title={t('desk.section.conversation')} titleId="desk-conversation-title">
            <RequestConversation messages={request.messages} />
            {replies > 0 && (
              <p role="status" className="form-success">
                {t('desk.reply.sent', { email: request.contactEmail })}
              </p>
            )}
            <ReplyForm
              key={replies}
              request={request}
              onReplied={() => {
                setReplies((value) => value + 1);
                onReplied();
              }}
            />
          </Card>
        </div>
      </div>
    </section>
  );
}

/** In progress, answered, closed: every status but the current one; a failure says so beside the buttons. */
function StatusButtons({ request, onChanged }: { request: RequestDetail; onChanged: (request: RequestDetail) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [pending, setPending] = useState<DeskStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const change = async (status: DeskStatus) => {
    setPending(status);
    setFailure(null);
    const result = await dispatch(setDeskRequestStatus({ id: request.id, status, lang }));
    setPending(null);
    if (setDeskRequestStatus.fulfilled.match(result)) onChanged(result.payload);
    else setFailure(failureMessage(result.payload));
  };
  return (
    <div className="desk-request__status">
      <div className="desk-request__status-buttons" role="group" aria-label={t('desk.status.group')}>
        {DESK_STATUSES.filter((status) => status !== request.status).map((status) => (
          <Button key={status} variant="secondary" size="sm" isLoading={pending === status} isDisabled={pending !== null && pending !== status} onPress={() => void change(status)}>
            {t(`desk.status.${status}`)}
          </Button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/** The reply to the requester, checked like every text area; sent, the page reads the conversation again. */
function ReplyForm({ request, onReplied }: { request: RequestDetail; onReplied: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [validators] = useState(() => ({ message: replyRule }));
  const form = useFormState<'message'>({ message: '' }, validators);
  const { pending, failure, showFailure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    const result = await dispatch(replyToRequest({ id: request.id, message: form.values.message.trim() }));
    if (replyToRequest.fulfilled.match(result)) {
      onReplied();
      return;
    }
    const field = result.payload?.error.fields?.find((candidate) => candidate.path === 'body.message');
    if (field) form.setError('message', field.message.startsWith('formError.') ? field.message : 'formError.invalid');
    showFailure(result.payload);
    return false;
  });
  const error = form.errors.message;
  return (
    <form className="desk-request__reply" onSubmit={onSubmit} noValidate aria-label={t('desk.reply.title')}>
      {failure && (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      )}
      <TextArea
        label={t('desk.reply.label')}
        description={t('desk.reply.help', { email: request.contactEmail })}
        name="message"
        isRequired
        rows={5}
        maxLength={REPLY_MAX}
        value={form.values.message}
        onChange={(value) => form.setValue('message', value)}
        onBlur={() => form.blur('message')}
        isInvalid={Boolean(error)}
        errorMessage={error ? t(error) : undefined}
      />
      <div>
        <Button type="submit" isLoading={pending}>
          {t('desk.reply.send')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A registration's answers (specifier, stage, expected dates, competitors): the desk's view of a
 * request does not carry them, so they come from the project's latest registration when it is this one.
 */
function RegistrationDetails({ requestId, projectId }: { requestId: number; projectId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [registration] = useRemote(`${projectId}|${lang}`, () => dispatch(loadLatestRegistration({ projectId, lang })).unwrap());
  if (registration.status !== 'ready' || registration.data?.id !== requestId) return null;
  const data = registration.data;
  const day = (iso: string | null) => (iso ? format.date(`${iso}T12:00:00`, { dateStyle: 'long' }) : '—');
  const rows: [string, string][] = [
    [t('registration.field.specifier'), `${data.specifier.name} · ${data.specifier.email} · ${data.specifier.company}`],
    [t('registration.field.stage'), t(`registration.stage.${data.stage}`)],
    [t('registration.field.bidDate'), day(data.expectedBidDate)],
    [t('registration.field.orderDate'), day(data.expectedOrderDate)],
    [t('registration.field.installationDate'), day(data.expectedInstallationDate)],
    ...(data.competitors ? [[t('registration.field.competitors'), data.competitors] as [string, string]] : []),
  ];
  return (
    <Card title={t('desk.section.registration')} titleId="desk-registration-title">
      <dl className="desk-request__contact">
        {rows.map(([term, value]) => (
          <div key={term} className="desk-request__pair">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
