import type { Account } from '@lumen/contracts';
import { isQualified, roleName } from '@lumen/domain';
import { Button, Icon } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingState } from '../../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { CATALOGUE_PATH, capabilitiesOf } from './capabilities';

/** The visitor's cards, each leading to its screen (issue 10 §1); projects asks for a login on the way (issue 10 §4). */
const VISITOR_CARDS = [
  { item: 'configure', to: CATALOGUE_PATH },
  { item: 'projects', to: '/projects' },
  { item: 'support', to: '/support' },
] as const;

/** Home (`/`, `/professional-area`): a welcome for visitors, the user's name, role and abilities once logged in. */
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

function UserHome({ account }: { account: Account }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const role = roleName(account.rolId);
  const capabilities = capabilitiesOf(account.privileges);
  return (
    <section className="page home" aria-labelledby="home-title">
      <div className="home__hero">
        <h1 id="home-title">{t('home.user.greeting', { name: account.name })}</h1>
        <p className="home__lead">{t('home.user.role', { role: role ? t(`role.${role}`) : t('role.unknown') })}</p>
      </div>
      <div className="home__grid">
        <section className="card" aria-labelledby="home-can-title">
          <h2 id="home-can-title">{t('home.user.canTitle')}</h2>
          {capabilities.length > 0 ? (
            <ul className="home__can">
              {capabilities.map(({ key, to }) => (
                <li key={key}>
                  <Icon name="check" size={18} aria-hidden="true" />
                  {to ? (
                    <Link className="text-link" to={to}>
                      {t(key)}
                    </Link>
                  ) : (
                    <span>{t(key)}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('home.user.canNothing')}</p>
          )}
        </section>
        <section className="card" aria-labelledby="home-account-title">
          <h2 id="home-account-title">{t('home.user.accountTitle')}</h2>
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
        </section>
      </div>
    </section>
  );
}
