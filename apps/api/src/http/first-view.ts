import { PROJECT_PAGES_PRIVILEGES, type LangCode } from '@lumen/contracts/constants';
import { largeViewPicture } from '@lumen/contracts/large-view-picture';
import { hasAnyPrivilege, keepSizesTogether, type Privilege } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import { escapeHtml, fillTemplate } from '../lib/mail-text';
import type { Principal } from './sessions';

/**
 * The first view: the top of a page (its title and lead), painted by the server in index.html with
 * the header bar (whose tools' places it keeps too: see headerTools), so that a phone shows what the
 * page is about with the page itself rather than once the scripts, the texts and the screen's
 * modules are in and have run (issue 9 §4: it is the page's largest paint). The app's first render replaces it in place: the markup and classes are the app's
 * own (features/home, features/projects), styled by the entry stylesheet, and the screen renders at
 * that place what the server painted, so nothing moves. It stays inside the shell's aria-hidden:
 * assistive technology waits for the app's page.
 *
 * Only what the server knows as the app will show it: a visitor's home; the projects list, and a
 * project's crumbs, eyebrow and name, for a session that may see projects (the route's guard lets it
 * in) and, for a project, that may see that one (the same scope as its api call); a configurator
 * page's steps and header, with the model's picture (its largest paint), for any session, where the
 * session's catalogue shows that model. Anything else keeps the plain shell.
 */
export interface FirstView {
  /** Identical for every request of the same key (built and compressed once per key); null: this request's own. */
  key: string | null;
  /** The top of the page, or null: the shell's spinner alone. */
  html: string | null;
  /** The header's tools as the app will show them, invisible (their places only). */
  tools: string;
  /**
   * The screen the app's start will load for this page (its route's guard lets the session in), whose
   * files the page announces (spa.ts, the web build's .vite/screens.json); null: none known.
   */
  screen: ScreenName | null;
  /**
   * The picture that is the page's largest paint, announced first in the head: on HTTP/1.1's six
   * connections a picture found in the body waits behind the scripts the head announces.
   */
  picture?: { src: string; srcset: string; sizes: string };
}

/** The screens the web build lists the files of (apps/web/vite.config.ts, SCREENS). */
export const SCREEN_NAMES = ['projects', 'project'] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

/** What a project's first view shows of it: features/projects ProjectView's heading. */
export interface ProjectHeading {
  name: string;
  versionNumber: number;
  versionTitle: string | null;
}

/** What a configurator page's first view shows of its model: features/configurator ConfiguratorScreen's header. */
export interface ConfiguratorHeading {
  /** The model's name in the page's language. */
  description: string;
  /** Its picture in the base finish, as the app's header shows it. */
  image: string;
}

/** A configurator page's place: /add-product[-v2]/{subFamilyId}/{applicationLocationId}/{model}. */
export interface ConfiguratorPlace {
  mode: 'express' | 'attributes';
  subFamilyId: number;
  applicationLocationId: number;
  model: string;
}

export interface FirstViewRequest {
  path: string;
  lang: LangCode;
  /** The browser holds a session (the readable marker): a page for a visitor would be replaced. */
  hasSession: boolean;
  /** The request's session, read only for the pages that need one. */
  principal: () => Promise<Principal | null>;
  /** A project as the session may see it (its api call's scope), or null. */
  project: (principal: Principal, id: number) => Promise<ProjectHeading | null>;
  /** A configurator page's heading as the session's catalogue shows it, or null (no such model there). */
  configurator: (principal: Principal, place: ConfiguratorPlace, lang: LangCode) => Promise<ConfiguratorHeading | null>;
  /** A read that failed: the page goes without its painted name (the app asks again and says why). */
  onError: (error: unknown) => void;
}

/** The texts of the app's main domain, as the app shows them (fr-eproject). */
function textOf(lang: LangCode, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  return fillTemplate(escapeHtml(translationsFor('fr-eproject', lang)[key] ?? ''), values, escapeHtml);
}

/** An icon's box (the kit's Icon draws into it). */
const icon = (size: number) => `<svg class="lm-icon" width="${size}" height="${size}" aria-hidden="true"></svg>`;

/** Who the header is drawn for: a visitor, a session whose account the app is about to read, or that account. */
type HeaderUser = { kind: 'visitor' } | { kind: 'session'; principal: Principal | null };

/**
 * app/header.tsx's tools (catalogue, projects and support links, language list, theme switch, user
 * menu or login buttons) with the app's classes and texts, invisible: on a phone they wrap the
 * header onto two or three rows, and a shell without them was a row high, so the page the app drew
 * came lower than the top the server painted. With them the header is as high before and after.
 * While the account is unknown (an expired access token) it keeps the places the app keeps then.
 */
function headerTools(lang: LangCode, user: HeaderUser): string {
  const principal = user.kind === 'session' ? user.principal : null;
  const link = (name: string, key: string) => `<span class="app-header__${name}">${textOf(lang, key)}</span>`;
  const sees = (privileges: readonly Privilege[]) => !principal || hasAnyPrivilege(principal.privileges, privileges);
  const language = escapeHtml(translationsFor('common-front', lang)[`language.${lang}`] ?? lang);
  // Buttons as buttons (their boxes are the kit's on a button element), out of the tab order.
  const button = (variant: string, size: string, content: string, extra = '') =>
    `<button type="button" tabindex="-1" class="lm-button lm-focus-ring lm-button--${variant} lm-button--${size}${extra}"><span class="lm-button__content">${content}</span></button>`;
  return [
    // header-nav.tsx: the links, the language and the theme are the navigation (a panel on phones), the menu button comes last.
    '<nav class="app-header__nav">',
    link('catalogue', 'header.catalogue'),
    user.kind === 'session' && sees(PROJECT_PAGES_PRIVILEGES) ? link('projects', 'projects.nav') : '',
    user.kind === 'visitor' || sees(['support.request']) ? link('support', 'header.support') : '',
    '<div class="lm-field lm-select app-header__language">' +
      `<span class="lm-field__label"><span class="lm-visually-hidden">${textOf(lang, 'header.language')}</span></span>` +
      `<button type="button" tabindex="-1" class="lm-field__control lm-select__trigger"><span class="lm-select__value"><span>${language}</span></span>${icon(20).replace('lm-icon', 'lm-icon lm-select__chevron')}</button></div>`,
    `<button type="button" tabindex="-1" class="lm-button lm-button--ghost lm-button--sm lm-theme-toggle">${icon(20)}</button>`,
    '</nav>',
    user.kind === 'visitor'
      ? `<div class="app-header__user">${button('ghost', 'sm', textOf(lang, 'header.login'))}${button('primary', 'sm', textOf(lang, 'header.signup'))}</div>`
      : button('ghost', 'md', `<span class="app-header__name">${icon(20)}<span class="app-header__name-text">${escapeHtml(principal?.name ?? '')}</span></span>${icon(16)}`, ' lm-dropdown__trigger app-header__user-trigger'),
    `<button type="button" tabindex="-1" class="app-header__menu-toggle lm-focus-ring">${icon(22)}</button>`,
  ].join('');
}

/** features/home VisitorHome's hero, down to its lead (the actions and cards follow with the app). */
function visitorHome(lang: LangCode): string {
  return (
    '<section class="page home home--visitor"><div class="home__hero">' +
    `<p class="home__eyebrow">${textOf(lang, 'home.visitor.eyebrow')}</p>` +
    `<h1>${textOf(lang, 'home.visitor.title')}</h1>` +
    `<p class="home__lead">${textOf(lang, 'home.visitor.lead')}</p>` +
    '</div></section>'
  );
}

/** features/projects ProjectsView's header (its "New project" button follows with the app). */
function projectsList(lang: LangCode): string {
  return (
    '<section class="page projects"><header class="projects__header"><div>' +
    `<h1>${textOf(lang, 'projects.list.title')}</h1>` +
    `<p class="projects__lead">${textOf(lang, 'projects.list.lead')}</p>` +
    '</div></header></section>'
  );
}

/**
 * features/projects ProjectView's crumbs and heading down to the name (the facts, versions, actions
 * and lines follow with the app). The crumb is a working link kept out of the tab order: the shell
 * is aria-hidden, and the app's own crumb takes the focus.
 */
function project(lang: LangCode, heading: ProjectHeading): string {
  const eyebrow = [
    textOf(lang, 'projects.page.eyebrow'),
    ...(heading.versionNumber > 1 ? [textOf(lang, 'projects.item.version', { number: heading.versionNumber })] : []),
    ...(heading.versionTitle ? [escapeHtml(heading.versionTitle)] : []),
  ].join(' · ');
  return (
    '<section class="page projects project">' +
    `<nav class="project__crumbs"><a class="text-link" href="/projects" tabindex="-1">${textOf(lang, 'projects.list.title')}</a></nav>` +
    '<header class="project__header"><div class="project__heading">' +
    `<p class="page-eyebrow">${eyebrow}</p>` +
    `<h1>${escapeHtml(heading.name)}</h1>` +
    '</div></header></section>'
  );
}

/** The configurator's picture as its header's img offers it (the shared srcset: one file for the img and the preload). */
function configuratorPicture(image: string): { src: string; srcset: string; sizes: string } {
  const { src, srcSet = '', sizes = '' } = largeViewPicture(image);
  return { src, srcset: srcSet, sizes };
}

/**
 * features/configurator ConfiguratorScreen's top: the selection's four steps (the kit's Stepper at
 * the last one) and the header with the picture, the mode, the title and the way back (the
 * configurator follows with the app). The picture is the page's largest paint: with the page, it is
 * asked for at once, at the size the app's srcset would choose.
 */
function configurator(lang: LangCode, place: ConfiguratorPlace, heading: ConfiguratorHeading): string {
  const base = place.mode === 'attributes' ? '/add-product-v2' : '/add-product';
  const steps = ['collection', 'location', 'model', 'configuration'].map((id, index) => {
    const label = `<span class="lm-stepper__label">${textOf(lang, `catalogue.steps.${id}`)}</span>`;
    return index < 3
      ? `<li class="lm-stepper__step lm-stepper__step--completed" data-state="completed"><button type="button" tabindex="-1" class="lm-stepper__button"><span class="lm-stepper__marker">${icon(16)}</span>${label}</button></li>`
      : `<li class="lm-stepper__step lm-stepper__step--active" data-state="active" aria-current="step"><span class="lm-stepper__button"><span class="lm-stepper__marker">${index + 1}</span>${label}</span></li>`;
  });
  const { src, srcset, sizes } = configuratorPicture(heading.image);
  return (
    '<section class="page configurator-page">' +
    `<nav class="lm-stepper configurator-page__steps"><ol class="lm-stepper__list">${steps.join('')}</ol></nav>` +
    '<header class="configurator-page__header">' +
    `<img class="configurator-page__image" src="${escapeHtml(src)}" srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(sizes)}" width="480" height="360" fetchpriority="high" alt="" />` +
    `<div><p class="page-eyebrow">${textOf(lang, `configurator.mode.${place.mode}`)}</p>` +
    `<h1>${textOf(lang, 'configurator.title', { name: keepSizesTogether(heading.description), model: place.model })}</h1>` +
    `<a class="text-link" href="${base}/${place.subFamilyId}/${place.applicationLocationId}" tabindex="-1">${textOf(lang, 'configurator.back')}</a></div>` +
    '</header></section>'
  );
}

/** The place of a configurator page (the web's routes: positive ids, a four-character model), or null for any other path. */
export function configuratorPlaceOf(path: string): ConfiguratorPlace | null {
  const match = /^\/add-product(-v2)?\/(\d{1,10})\/(\d{1,10})\/([A-Za-z0-9]{4})$/.exec(path);
  if (!match) return null;
  const [subFamilyId, applicationLocationId] = [Number(match[2]), Number(match[3])];
  if (subFamilyId < 1 || applicationLocationId < 1 || subFamilyId > 2_147_483_647 || applicationLocationId > 2_147_483_647) return null;
  return { mode: match[1] ? 'attributes' : 'express', subFamilyId, applicationLocationId, model: match[4] ?? '' };
}

/** The id of /project/{id} (the web's parseProjectId: 1 to 2³¹−1), or null for any other path. */
function projectIdOf(path: string): number | null {
  const match = /^\/project\/(\d{1,10})$/.exec(path);
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export async function firstViewOf({ path, lang, hasSession, principal, project: projectOf, configurator: configuratorOf, onError }: FirstViewRequest): Promise<FirstView> {
  if (!hasSession) {
    const home = path === '/' || path === '/professional-area';
    return { key: `visitor:${lang}:${home ? 'home' : ''}`, html: home ? visitorHome(lang) : null, tools: headerTools(lang, { kind: 'visitor' }), screen: null };
  }
  const session = await principal();
  const tools = headerTools(lang, { kind: 'session', principal: session });
  // A configurator page: the app's first render waits for the answers it shows (RouteHandle.ready), so
  // it is this header. A visitor's start has no such wait: a visitor keeps the plain shell.
  const place = configuratorPlaceOf(path);
  if (place) {
    const heading = session
      ? await configuratorOf(session, place, lang).catch((error: unknown) => {
          onError(error);
          return null;
        })
      : null;
    // Its screen's files are not announced: on HTTP/1.1's six connections they held the picture back
    // (Lighthouse mobile: LCP 3.2 s with them, 2.7 s without); the start's import asks for them.
    return { key: null, html: heading ? configurator(lang, place, heading) : null, tools, screen: null, ...(heading ? { picture: configuratorPicture(heading.image) } : {}) };
  }
  const projectId = projectIdOf(path);
  if (!session || !hasAnyPrivilege(session.privileges, PROJECT_PAGES_PRIVILEGES) || (path !== '/projects' && projectId === null)) return { key: null, html: null, tools, screen: null };
  if (projectId === null) return { key: null, html: projectsList(lang), tools, screen: 'projects' };
  const heading = await projectOf(session, projectId).catch((error: unknown) => {
    onError(error);
    return null;
  });
  // The page's screen whatever the project: one the session may not see is the screen's "not found".
  return { key: null, html: heading ? project(lang, heading) : null, tools, screen: 'project' };
}
