import { PROJECT_PAGES_PRIVILEGES, type LangCode } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import { escapeHtml, fillTemplate } from '../lib/mail-text';
import type { Principal } from './sessions';

/**
 * The first view: the top of a page (its title and lead), painted by the server in index.html with
 * the header bar, so that a phone shows what the page is about with the page itself rather than once
 * the scripts, the texts and the screen's modules are in and have run (issue 9 §4: it is the page's
 * largest paint). The app's first render replaces it in place: the markup and classes are the app's
 * own (features/home, features/projects), styled by the entry stylesheet, and the screen renders at
 * that place what the server painted, so nothing moves. It stays inside the shell's aria-hidden:
 * assistive technology waits for the app's page.
 *
 * Only what the server knows as the app will show it: a visitor's home; the projects list, and a
 * project's crumbs, eyebrow and name, for a session that may see projects (the route's guard lets it
 * in) and, for a project, that may see that one (the same scope as its api call). Anything else
 * keeps the plain shell.
 */
export interface FirstView {
  /** Identical for every request of the same key (built and compressed once per key); null: this request's own. */
  key: string | null;
  html: string;
}

/** What a project's first view shows of it: features/projects ProjectView's heading. */
export interface ProjectHeading {
  name: string;
  versionNumber: number;
  versionTitle: string | null;
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
}

/** The texts of the app's main domain, as the app shows them (fr-eproject). */
function textOf(lang: LangCode, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  return fillTemplate(escapeHtml(translationsFor('fr-eproject', lang)[key] ?? ''), values, escapeHtml);
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
    `<p class="projects__eyebrow">${eyebrow}</p>` +
    `<h1>${escapeHtml(heading.name)}</h1>` +
    '</div></header></section>'
  );
}

/** The id of /project/{id} (the web's parseProjectId: 1 to 2³¹−1), or null for any other path. */
function projectIdOf(path: string): number | null {
  const match = /^\/project\/(\d{1,10})$/.exec(path);
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export async function firstViewOf({ path, lang, hasSession, principal, project: projectOf }: FirstViewRequest): Promise<FirstView | null> {
  if ((path === '/' || path === '/professional-area') && !hasSession) return { key: `home:${lang}`, html: visitorHome(lang) };
  const projectId = projectIdOf(path);
  if ((path !== '/projects' && projectId === null) || !hasSession) return null;
  const session = await principal();
  if (!session || !hasAnyPrivilege(session.privileges, PROJECT_PAGES_PRIVILEGES)) return null;
  if (projectId === null) return { key: `projects:${lang}`, html: projectsList(lang) };
  const heading = await projectOf(session, projectId);
  return heading ? { key: null, html: project(lang, heading) } : null;
}
