import type { Account, Download, OpenQuote, OrderSummary, ProjectListItem } from '@lumen/contracts';
import { hasAnyPrivilege, isQualified } from '@lumen/domain';
import { Badge, Button, Card, EmptyState, Icon, Skeleton } from '@lumen/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { useRemote, type Remote } from '../../shared/use-remote';
import { CATALOGUE_PATH, capabilitiesOf } from './capabilities';
import { DASHBOARD_ITEMS, loadOpenOrders, loadOpenQuotes, loadRecentDownloads, loadRecentProjects } from './home-calls';

const PROJECT_PRIVILEGES = ['project.view', 'project.view.company', 'project.view.assigned.company'] as const;
const DOWNLOAD_TONES = { running: 'warning', ready: 'success', failed: 'danger', cancelled: 'muted' } as const;
const QUOTE_TONES = { issued: 'neutral', sent: 'warning', accepted: 'success', declined: 'danger', expired: 'muted' } as const;

/**
 * The logged-in home's dashboard (issue 35 §4): the user's recent projects, open quotes (issued or
 * sent, still valid: each opens its project's budget page), orders in progress and recent downloads, each a panel with its loading skeleton (the rows' size, so nothing jumps), its
 * empty state leading somewhere and its error with a retry; beside them the shortcuts of what the
 * account may do. Loaded after the home's title (home-page.tsx), so the first load of / stays light.
 */
export default function Dashboard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const projects = hasAnyPrivilege(account.privileges, [...PROJECT_PRIVILEGES]);
  const orders = hasAnyPrivilege(account.privileges, ['order.view']);
  // The api's rule for quotes: budget or budget.add, and price.view.
  const quotes = hasAnyPrivilege(account.privileges, ['budget', 'budget.add']) && hasAnyPrivilege(account.privileges, ['price.view']);
  const shortcuts = capabilitiesOf(account.privileges).filter((capability) => capability.to);
  return (
    <div className="dashboard">
      <div className="dashboard__panels">
        {projects && <RecentProjects />}
        {quotes && <OpenQuotes />}
        {orders && <OpenOrders />}
        <RecentDownloads />
      </div>
      {/* A plain column: a complementary landmark inside main is not top-level (axe). */}
      <div className="dashboard__side">
        <Card className="dashboard__panel" title={t('home.user.canTitle')} titleId="dashboard-shortcuts-title">
          {shortcuts.length > 0 ? (
            <ul className="dashboard__shortcuts">
              {shortcuts.map(({ key, to }) => (
                <li key={key}>
                  <Link to={to ?? CATALOGUE_PATH}>
                    <span>{t(key)}</span>
                    <Icon name="chevronRight" size={18} />
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('home.user.canNothing')}</p>
          )}
        </Card>
        <Card className="dashboard__panel" title={t('home.user.accountTitle')} titleId="home-account-title">
          <p>{t('home.user.accountText')}</p>
          <Link className="text-link" to="/my-profile">
            {t('home.user.toProfile')}
          </Link>
          {!isQualified(account.status) && (
            <div className="home__qualify">
              <h3>{t('home.user.qualifyTitle')}</h3>
              <p>{t('home.user.qualifyText')}</p>
              <Button variant="secondary" onPress={() => dispatch(authModalOpened({ view: 'qualification' }))}>
                {t('home.user.qualifyAction')}
              </Button>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}

/** A panel: its title, a link to the whole list, and the list, its skeleton, its empty state or its error. */
function Panel<T>({ id, title, all, remote, reload, items, empty, row }: { id: string; title: string; all?: { to: string; label: string }; remote: Remote<unknown>; reload: () => void; items: readonly T[] | null; empty: ReactNode; row: (item: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      className="dashboard__panel"
      title={title}
      titleId={id}
      aria-busy={remote.status === 'loading'}
      actions={
        all && (
          <Link className="dashboard__all" to={all.to}>
            {all.label}
          </Link>
        )
      }
    >
      {remote.status === 'loading' && (
        <ul className="dashboard__list" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="dashboard__row dashboard__row--skeleton">
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" width="35%" />
            </li>
          ))}
        </ul>
      )}
      {remote.status === 'failed' && (
        <EmptyState
          role="alert"
          action={
            <Button variant="secondary" size="sm" onPress={reload}>
              {t('home.dash.retry')}
            </Button>
          }
        >
          <p>{t('home.dash.failed')}</p>
        </EmptyState>
      )}
      {items && items.length === 0 && <EmptyState>{empty}</EmptyState>}
      {items && items.length > 0 && <ul className="dashboard__list">{items.map(row)}</ul>}
    </Card>
  );
}

function RecentProjects() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const format = useFormat();
  const [remote, reload] = useRemote(`projects:${lang}`, () => dispatch(loadRecentProjects({ lang })).unwrap());
  const items = remote.status === 'ready' ? remote.data.items.slice(0, DASHBOARD_ITEMS) : null;
  return (
    <Panel<ProjectListItem>
      id="dashboard-projects-title"
      title={t('home.dash.projects.title')}
      all={{ to: '/projects', label: t('home.dash.projects.all') }}
      remote={remote}
      reload={reload}
      items={items}
      empty={
        <p>
          {t('home.dash.projects.empty')}{' '}
          <Link className="text-link" to={CATALOGUE_PATH}>
            {t('home.can.catalogue')}
          </Link>
        </p>
      }
      row={(project) => (
        <li key={project.id} className="dashboard__row">
          <Link className="dashboard__row-link" to={`/project/${project.id}`}>
            {project.name}
          </Link>
          <span className="dashboard__meta">
            {t('projects.item.products', { count: project.productsCount })} · {t('projects.item.updated', { date: format.date(project.updatedAt, { dateStyle: 'medium' }) })}
          </span>
        </li>
      )}
    />
  );
}

function OpenQuotes() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const [remote, reload] = useRemote('quotes', () => dispatch(loadOpenQuotes()).unwrap());
  const items = remote.status === 'ready' ? remote.data.items.slice(0, DASHBOARD_ITEMS) : null;
  return (
    <Panel<OpenQuote>
      id="dashboard-quotes-title"
      title={t('home.dash.quotes.title')}
      remote={remote}
      reload={reload}
      items={items}
      empty={<p>{t('home.dash.quotes.empty')}</p>}
      row={(quote) => (
        <li key={quote.id} className="dashboard__row">
          {/* The project's budget page lists its quotes (their documents, sending, revisions). */}
          <Link className="dashboard__row-link" to={`/project/${quote.projectId}/generate-budget`}>
            {quote.budgetNumber} · {quote.projectName}
          </Link>
          <span className="dashboard__meta">
            {format.money(quote.totalNet, quote.currency)} · {t('budgets.previous.validUntil', { date: format.date(`${quote.validationDate}T12:00:00`, { dateStyle: 'medium' }) })}{' '}
            <Badge tone={QUOTE_TONES[quote.status]}>{t(`budgets.status.${quote.status}`)}</Badge>
          </span>
        </li>
      )}
    />
  );
}

function OpenOrders() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [remote, reload] = useRemote(`orders:${lang}`, () => dispatch(loadOpenOrders({ lang })).unwrap());
  const items = remote.status === 'ready' ? remote.data.items.slice(0, DASHBOARD_ITEMS) : null;
  return (
    <Panel<OrderSummary>
      id="dashboard-orders-title"
      title={t('home.dash.orders.title')}
      all={{ to: '/orders', label: t('home.dash.orders.all') }}
      remote={remote}
      reload={reload}
      items={items}
      empty={<p>{t('home.dash.orders.empty')}</p>}
      row={(order) => (
        <li key={order.orderId} className="dashboard__row">
          <Link className="dashboard__row-link" to={`/order/${order.orderId}`}>
            {order.projectName}
          </Link>
          <span className="dashboard__meta">
            {order.internalOrderNumber} <Badge tone={order.status === 4 ? 'success' : 'neutral'}>{t(`orders.status.${order.status}`)}</Badge>
          </span>
        </li>
      )}
    />
  );
}

function RecentDownloads() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const [remote, reload] = useRemote('downloads', () => dispatch(loadRecentDownloads()).unwrap());
  const items = remote.status === 'ready' ? remote.data.items.slice(0, DASHBOARD_ITEMS) : null;
  return (
    <Panel<Download>
      id="dashboard-downloads-title"
      title={t('home.dash.downloads.title')}
      all={{ to: '/services/download', label: t('home.dash.downloads.all') }}
      remote={remote}
      reload={reload}
      items={items}
      empty={<p>{t('home.dash.downloads.empty')}</p>}
      row={(download) => (
        <li key={download.id} className="dashboard__row">
          <Link className="dashboard__row-link" to="/services/download">
            {download.title}
          </Link>
          <span className="dashboard__meta">
            {format.date(download.createdAt, { dateStyle: 'medium' })} <Badge tone={DOWNLOAD_TONES[download.status]}>{t(`downloads.status.${download.status}`)}</Badge>
          </span>
        </li>
      )}
    />
  );
}
