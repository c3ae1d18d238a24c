import type { InvoiceListPage, InvoiceStatus } from '@lumen/contracts';
import { INVOICE_SORTS } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { Badge, Button, Card, DataTable, PageHeader, Select, TextField, type BadgeTone } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { useDay } from './order-parts';
import { downloadInvoice, loadInvoices } from './orders-calls';
import './orders.css';

type Sort = (typeof INVOICE_SORTS)[number];
type Invoice = InvoiceListPage['items'][number];
const PAGE_SIZE = 10;
const INVOICE_TONES: Record<InvoiceStatus, BadgeTone> = { paid: 'success', unpaid: 'warning', overdue: 'danger' };

/**
 * /invoices (spec §2 `order.view`, §3 invoice list query): the invoices of the user's client code
 * (their company's; a backoffice user picks any code), searched, sorted and paged, each with its PDF.
 * A user without a client code is told so.
 */
export function InvoicesScreen() {
  const { t } = useTranslation();
  const account = useAppSelector((state) => state.session.account);
  const backoffice = account ? hasAnyPrivilege(account.privileges, ['backoffice']) : false;
  const [chosen, setChosen] = useState(account?.clientCode ?? '');
  const [typedCode, setTypedCode] = useState('');
  const code = account?.clientCode ?? (backoffice ? chosen : '');
  return (
    <section className="page orders-page" aria-labelledby="invoices-title">
      <PageHeader titleId="invoices-title" title={t('invoices.title')} lead={code ? t('invoices.lead', { code }) : undefined} />
      {backoffice && !account?.clientCode && (
        <form
          className="orders-filters card"
          onSubmit={(event) => {
            event.preventDefault();
            setChosen(typedCode.trim().toUpperCase());
          }}
        >
          <TextField label={t('invoices.clientCode')} description={t('invoices.clientCodeHint')} value={typedCode} onChange={setTypedCode} />
          <Button type="submit" variant="secondary">
            {t('invoices.show')}
          </Button>
        </form>
      )}
      {code ? <InvoiceList key={code} clientCode={code} /> : !backoffice && (
          <Card>
            <p>{t('invoices.noClientCode')}</p>
          </Card>
        )}
    </section>
  );
}

function InvoiceList({ clientCode }: { clientCode: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const day = useDay();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sortBy, setSortBy] = useState<Sort>('ISSUE_DATE_DESC');
  const [page, setPage] = useState(1);
  const query = { page, limit: PAGE_SIZE, sortBy, ...(search ? { search } : {}) };
  const [list, reload] = useRemote<InvoiceListPage>(`${clientCode}|${JSON.stringify(query)}`, () => dispatch(loadInvoices({ clientCode, query })).unwrap());
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim().slice(0, 100));
    setPage(1);
  };
  return (
    <>
      <form className="orders-filters card" role="search" onSubmit={onSearch}>
        <TextField label={t('invoices.search')} description={t('invoices.searchHint')} value={typed} onChange={setTyped} />
        <Select<Sort>
          label={t('invoices.sortBy')}
          value={sortBy}
          onChange={(value) => {
            setSortBy(value);
            setPage(1);
          }}
          options={INVOICE_SORTS.map((value) => ({ value, label: t(`invoices.sort.${value}`) }))}
        />
        <Button type="submit" variant="secondary">
          {t('orders.list.searchButton')}
        </Button>
      </form>
      {/* The kit's data table (issue 35 §1): its skeleton rows while loading, its error and empty rows, the pager. */}
      <DataTable<Invoice>
        aria-label={t('invoices.title')}
        className="invoices-table"
        stacked
        columns={[
          { id: 'number', header: t('invoices.field.number'), cell: (invoice) => invoice.number, isRowHeader: true },
          {
            id: 'order',
            header: t('orders.field.order'),
            cell: (invoice) => (
              <>
                <Link className="text-link" to={`/order/${invoice.orderId}`}>
                  {t('orders.number', { id: invoice.orderId })}
                </Link>
                <small className="order-muted"> {invoice.projectName}</small>
              </>
            ),
          },
          { id: 'issueDate', header: t('invoices.field.issueDate'), cell: (invoice) => day(invoice.issueDate) },
          { id: 'dueDate', header: t('invoices.field.dueDate'), cell: (invoice) => day(invoice.dueDate) },
          { id: 'net', header: t('invoices.field.net'), align: 'end', cell: (invoice) => format.money(invoice.net, invoice.currency) },
          { id: 'vat', header: t('invoices.field.vat'), align: 'end', cell: (invoice) => format.money(invoice.vat, invoice.currency) },
          { id: 'total', header: t('invoices.field.total'), align: 'end', cell: (invoice) => <strong>{format.money(invoice.total, invoice.currency)}</strong> },
          { id: 'status', header: t('invoices.field.status'), cell: (invoice) => <Badge tone={INVOICE_TONES[invoice.status]}>{t(`invoice.status.${invoice.status}`)}</Badge> },
        ]}
        rows={list.status === 'ready' ? list.data.items : []}
        rowKey={(invoice) => invoice.number}
        status={list.status === 'loading' ? 'loading' : list.status === 'failed' ? 'error' : 'ready'}
        error={t(list.status === 'failed' && list.httpStatus === 400 ? 'invoices.noClientCode' : 'invoices.failed')}
        onRetry={reload}
        empty={t(search ? 'invoices.noMatch' : 'invoices.empty')}
        page={page}
        pageCount={list.status === 'ready' ? list.data.meta.totalPages : 1}
        onPageChange={setPage}
        rowActions={(invoice) => (
          <Button variant="ghost" size="sm" aria-label={t('invoices.downloadOf', { number: invoice.number })} onPress={() => void dispatch(downloadInvoice({ clientCode, number: invoice.number, lang }))}>
            {t('invoices.pdf')}
          </Button>
        )}
      />
    </>
  );
}
