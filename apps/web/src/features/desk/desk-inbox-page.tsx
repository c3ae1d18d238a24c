import type { RequestSummary } from '@lumen/contracts';
import { REQUEST_KINDS, SUPPORT_REQUEST_STATUSES } from '@lumen/contracts/constants';
import { DataTable, PageHeader, Select, TextField, type DataTableColumn } from '@lumen/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { RequestStatusBadge } from '../../shared/requests';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadDeskRequests, type RequestKind, type RequestStatus } from './desk-calls';
import './desk.css';

/** Requests a page of the inbox shows. */
export const DESK_PAGE_SIZE = 25;
/** The search waits this long after the last keystroke (as the projects list does). */
const SEARCH_DELAY_MS = 400;
const ALL = 'all';

const isStatus = (value: string | null): value is RequestStatus => (SUPPORT_REQUEST_STATUSES as readonly (string | null)[]).includes(value);
const isKind = (value: string | null): value is RequestKind => (REQUEST_KINDS as readonly (string | null)[]).includes(value);

/** The inbox's filters live in the address (?status=&kind=&search=&page=): a filtered view can be shared and survives Back. */
function useInboxQuery() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const kind = params.get('kind');
  const page = Number(params.get('page') ?? '1');
  const query = {
    status: isStatus(status) ? status : undefined,
    kind: isKind(kind) ? kind : undefined,
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  /** Changes some filters; any change but the page goes back to the first page. */
  const update = useCallback(
    (changes: Partial<Record<'status' | 'kind' | 'search' | 'page', string>>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || value === ALL || (name === 'page' && value === '1')) next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { query, update, search: params.toString() };
}

/**
 * /desk (issue 11 §5): the requests addressed to the desk of the user's catalogue (every catalogue
 * for an admin), newest first: status, kind and text filters, 25 a page; each opens its page.
 */
export function DeskInboxPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const { query, update, search } = useInboxQuery();
  const [typed, setTyped] = useState(query.search);
  // A search changed from outside the field (Back, a shared address) shows in it.
  const [applied, setApplied] = useState(query.search);
  if (applied !== query.search) {
    setApplied(query.search);
    setTyped(query.search);
  }

  // The typed text is applied once the user pauses (or presses Enter).
  useEffect(() => {
    if (typed.trim() === query.search) return;
    const timer = setTimeout(() => update({ search: typed.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, query.search, update]);

  const [inbox, reload] = useRemote(`${search}|${lang}`, () =>
    dispatch(
      loadDeskRequests({
        ...(query.status ? { status: query.status } : {}),
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.search ? { search: query.search } : {}),
        page: query.page,
        limit: DESK_PAGE_SIZE,
        lang,
      }),
    ).unwrap(),
  );
  const pages = inbox.status === 'ready' ? Math.max(1, Math.ceil(inbox.data.total / DESK_PAGE_SIZE)) : 1;

  return (
    <section className="page desk" aria-labelledby="desk-title">
      <PageHeader titleId="desk-title" title={t('desk.title')} lead={t('desk.lead')} />
      <p>
        <Link className="text-link" to="/desk/trade-leads">
          {t('desk.tradeLeads.link')}
        </Link>
      </p>
      <form
        className="desk__filters"
        role="search"
        aria-label={t('desk.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: typed.trim() });
        }}
      >
        <Select<string>
          label={t('desk.filter.status')}
          name="status"
          options={[{ value: ALL, label: t('desk.filter.allStatuses') }, ...SUPPORT_REQUEST_STATUSES.map((status) => ({ value: status, label: t(`requests.status.${status}`) }))]}
          value={query.status ?? ALL}
          onChange={(value) => update({ status: value })}
        />
        <Select<string>
          label={t('desk.filter.kind')}
          name="kind"
          options={[{ value: ALL, label: t('desk.filter.allKinds') }, ...REQUEST_KINDS.map((kind) => ({ value: kind, label: t(`requests.kind.${kind}`) }))]}
          value={query.kind ?? ALL}
          onChange={(value) => update({ kind: value })}
        />
        <TextField type="search" label={t('desk.filter.search')} description={t('desk.filter.searchHelp')} name="search" value={typed} onChange={setTyped} />
      </form>

      {inbox.status === 'ready' && (
        <p className="desk__count" role="status">
          {t('desk.count', { count: inbox.data.total })}
        </p>
      )}
      {/* The kit's data table (issue 35 §1): skeleton rows while loading, its error row with a retry, its empty row, the server's pages. */}
      <InboxTable
        requests={inbox.status === 'ready' ? inbox.data.items : []}
        from={search}
        status={inbox.status === 'loading' ? 'loading' : inbox.status === 'failed' ? 'error' : 'ready'}
        onRetry={reload}
        page={query.page}
        pageCount={inbox.status === 'ready' ? pages : 1}
        onPageChange={(page) => update({ page: String(page) })}
      />
    </section>
  );
}

/** The inbox in the kit's DataTable; below 576 px each request is a card (each value under its column's name). */
function InboxTable(props: { requests: readonly RequestSummary[]; from: string; status: 'ready' | 'loading' | 'error'; onRetry: () => void; page: number; pageCount: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns: DataTableColumn<RequestSummary>[] = [
    {
      id: 'request',
      header: t('desk.column.request'),
      isRowHeader: true,
      cell: (request) => (
        <>
          <Link className="text-link desk__request-link" to={`/desk/requests/${request.id}`} state={{ from: props.from }}>
            {t('requests.number', { number: request.id })}
          </Link>
          <span className="desk__subject">{request.subject}</span>
          <span className="desk__counts">
            {t('requests.files.count', { count: request.files })} · {t('requests.replies.count', { count: request.replies })}
          </span>
        </>
      ),
    },
    {
      id: 'requester',
      header: t('desk.column.requester'),
      cell: (request) => (
        <>
          <span className="desk__name">{request.contactName}</span>
          <span className="desk__email">{request.contactEmail}</span>
        </>
      ),
    },
    { id: 'project', header: t('desk.column.project'), cell: (request) => request.projectName ?? '—' },
    { id: 'received', header: t('desk.column.received'), cell: (request) => <time dateTime={request.createdAt}>{format.date(request.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time> },
    { id: 'status', header: t('desk.column.status'), cell: (request) => <RequestStatusBadge status={request.status} /> },
  ];
  return (
    <DataTable<RequestSummary>
      aria-label={t('desk.title')}
      className="desk__table"
      stacked
      columns={columns}
      rows={props.requests}
      rowKey={(request) => request.id}
      status={props.status}
      error={t('desk.loadFailed')}
      onRetry={props.onRetry}
      empty={t('desk.empty')}
      page={props.page}
      pageCount={props.pageCount}
      onPageChange={props.onPageChange}
    />
  );
}
