import type { Account } from '@lumen/contracts';
import { roleName } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingState } from '../../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { CATALOGUE_PATH } from './capabilities';

/** The visitor's cards, each leading to its screen (issue 10 §1); projects asks for a login on the way (issue 10 §4). */
const VISITOR_CARDS = [
  { item: 'configure', to: CATALOGUE_PATH },
  { item: 'projects', to: '/projects' },
  { item: 'support', to: '/support' },
] as const;

/** Home (`/`, `/professional-area`): a welcome for visitors; once logged in, the user's name and role over a dashboard of their work. */
export function HomePage() {
  const { status, account } = useAppSelector((state) => state.session);
  if (status !== 'ready') return <LoadingState />;
  return account ? <UserHome account={account} /> : <VisitorHome />;
}

function VisitorHome() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <section className="page home home--visitor" aria-labelledby="home-title">
      <div className="home__hero">
        <p className="home__eyebrow">{t('home.visitor.eyebrow')}</p>
        <h1 id="home-title">{t('home.visitor.title')}</h1>
        <p className="home__lead">{t('home.visitor.lead')}</p>
        <div className="home__actions">
          <Button onPress={() => dispatch(authModalOpened({ view: 'login' }))}>{t('home.visitor.login')}</Button>
          <Button variant="secondary" onPress={() => dispatch(authModalOpened({ view: 'new-register' }))}>
            {t('home.visitor.signup')}
          </Button>
        </div>
      </div>
      <ul className="home__features">
        {VISITOR_CARDS.map(({ item, to }) => (
          <li key={item} className="home__feature">
            <h2>
              <Link className="home__feature-link" to={to}>
                {t(`home.visitor.feature.${item}.title`)}
              </Link>
            </h2>
            <p>{t(`home.visitor.feature.${item}.text`)}</p>
            <span className="home__feature-go" aria-hidden="true">
              {t(`home.visitor.feature.${item}.go`)} →
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dashboard's panels, loaded after the title (the first load of / stays light: issue 35 §5). */
const Dashboard = lazy(() => import('./dashboard'));

function UserHome({ account }: { account: Account }) {
  const { t } = useTranslation();
  const role = roleName(account.rolId);
  return (
    <section className="page home home--user" aria-labelledby="home-title">
      <div className="home__hero">
        <p className="home__eyebrow">{t('home.dash.eyebrow')}</p>
        <h1 id="home-title">{t('home.user.greeting', { name: account.name })}</h1>
        <p className="home__lead">{t('home.user.role', { role: role ? t(`role.${role}`) : t('role.unknown') })}</p>
      </div>
      <Suspense fallback={<div className="dashboard dashboard--pending" />}>
        <Dashboard account={account} />
      </Suspense>
    </section>
  );
}
