import type { Account, Lang } from '@lumen/contracts';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api';
import type { FlagsClient } from '../shared/flags';
import type { StartLoadContext } from '../shared/store';
import { Navigate, type RouteObject, useSearchParams } from 'react-router';
import { loadNewRegisterPage, loadPasswordResetPage, loadSocialSignUpPage, loadSocialSignUpPopupPage } from '../features/auth';
import { ForbiddenPage, NotAllowedPage, NotFoundPage } from '../features/errors';
import { HomePage } from '../features/home';
import { loadSupportPage } from '../features/support';
import { loadSandboxPage } from '../features/sandbox';
import { loadAddProductPage, loadPreconfigsListPage, loadSelectCollectionPage } from '../features/catalogue';
import { loadProjectAddProduct, loadProjectPage, loadProjectsPage, prefetchProjectPage, prefetchProjectsPage, readyProjectPage, readyProjectsPage } from '../features/projects';
import { loadFlagsAdminPage } from '../features/flags';
import { loadActingPage } from '../features/acting';
import { loadAuditTrailPage } from '../features/audit';
import { loadProductAdminComposePage, loadProductAdminHomePage, loadProductAdminRulesPage } from '../features/product-admin';
import { loadComposePreviewPage, loadGeneratePdfPage, loadGeneratePreviewsPage, loadProductSheetPage, loadTechnicalInfoPage } from '../features/tools';
import { loadStudioPage } from '../features/studio';
import { prefetchConfiguratorPage, readyConfiguratorPage } from '../features/configurator';
import { useFlag } from '../shared/flags';
import { loadDeskInboxPage, loadDeskRequestPage, loadDeskTradeLeadsPage } from '../features/desk';
import { loadInvitationPage, loadUsersManagementPage } from '../features/users-management';
import { FORBIDDEN_PATH, NOT_ALLOWED_PATH, RequireAuth } from './guards';
import { CatalogueStep, StartCatalogue } from './pages/catalogue-step';
import { Layout } from './layout';
import { lazyScreen } from '../shared/lazy-screen';
import { PublicLayout } from './public-layout';
import { FrameLayout } from './frame-layout';
import { PUBLIC_QUOTE_ROUTE } from '../features/budgets/budget-paths';
import { PROJECT_PAGES_PRIVILEGES } from '@lumen/contracts/constants';

/** Every screen but the home page loads when first opened, so that the first load of `/` stays light. */
const NewRegisterPage = lazyScreen(loadNewRegisterPage);
const PasswordResetPage = lazyScreen(loadPasswordResetPage);
/** Social sign-up's result page (issue 17 §4); the embedded auth views and their pop-up's result page (§5). */
const SocialSignUpPage = lazyScreen(loadSocialSignUpPage);
const SocialSignUpPopupPage = lazyScreen(loadSocialSignUpPopupPage);
const AuthFrameRoute = lazyScreen(() => import('./pages/auth-frame-pages').then((module) => ({ default: module.AuthFrameRoute })));
/** The profile with the requests the user sent (issue 11 §5). */
const ProfilePage = lazyScreen(() => import('./pages/profile-with-requests').then((module) => ({ default: module.ProfilePageWithRequests })));
/** The widget gallery is a tool, loaded only when opened. */
const SandboxPage = lazyScreen(loadSandboxPage);

/** Choosing and configuring a product (issue 5): loaded when first opened. */
const SelectCollectionPage = lazyScreen(loadSelectCollectionPage);
const AddProductPage = lazyScreen(loadAddProductPage);
const PreconfigsListPage = lazyScreen(loadPreconfigsListPage);
/** Projects (issue 6): the list, the project page, and the project's way into the catalogue. */
const ProjectsPage = lazyScreen(loadProjectsPage);
/** The project page with its requests, quotes, orders and documents (app/pages/project-page-with-requests.tsx). */
const loadProjectPageWithRequests = () => import('./pages/project-page-with-requests');
// The project page first, then the other features' panels on it, a task each (issue 9 §4).
const ProjectPage = lazyScreen(() => loadProjectPageWithRequests().then((module) => ({ default: module.ProjectPageWithRequests })), { before: [loadProjectPage] });
/** A project's requests (issue 11 §3–§4): the project (projects) and the form (project-requests). */
const loadProjectRequestPages = () => import('./pages/project-request-pages');
const BudgetRequestPage = lazyScreen(() => loadProjectRequestPages().then((module) => ({ default: module.BudgetRequestPage })));
const UsaBudgetRequestPage = lazyScreen(() => loadProjectRequestPages().then((module) => ({ default: module.UsaBudgetRequestPage })));
const RegistrationUsaPage = lazyScreen(() => loadProjectRequestPages().then((module) => ({ default: module.RegistrationUsaPage })));
/** Budgets and quotes (issue 12): the budget page, the United States final quote, the public quote page. */
const loadBudgetPages = () => import('./pages/budget-pages');
const GenerateBudgetPage = lazyScreen(() => loadBudgetPages().then((module) => ({ default: module.GenerateBudgetPage })));
const BudgetQuotationUsaPage = lazyScreen(() => loadBudgetPages().then((module) => ({ default: module.BudgetQuotationUsaPage })));
const PublicQuotePage = lazyScreen(() => loadBudgetPages().then((module) => ({ default: module.PublicQuotePage })));
/** Orders, availability and invoices (issue 13). */
const loadOrderPages = () => import('./pages/order-pages');
const NewOrderPage = lazyScreen(() => loadOrderPages().then((module) => ({ default: module.NewOrderPage })));
const OrdersPage = lazyScreen(() => loadOrderPages().then((module) => ({ default: module.OrdersPage })));
const OrderPage = lazyScreen(() => loadOrderPages().then((module) => ({ default: module.OrderPage })));
const InvoicesPage = lazyScreen(() => loadOrderPages().then((module) => ({ default: module.InvoicesPage })));
/** Downloads (issue 14 §3): a project's documents, its 3D export, the session's downloads. */
const loadDownloadPages = () => import('./pages/download-pages');
const ProjectDownloadsPage = lazyScreen(() => loadDownloadPages().then((module) => ({ default: module.ProjectDownloadsPage })));
const ProjectExport3dPage = lazyScreen(() => loadDownloadPages().then((module) => ({ default: module.ProjectExport3dPage })));
const ServicesDownloadPage = lazyScreen(() => loadDownloadPages().then((module) => ({ default: module.ServicesDownloadPage })));
/** The support desk (issue 11 §5): sales staff and admins. */
const DeskInboxPage = lazyScreen(loadDeskInboxPage);
const DeskRequestPage = lazyScreen(loadDeskRequestPage);
const DeskTradeLeadsPage = lazyScreen(loadDeskTradeLeadsPage);
/** Users management (issue 17 §1): the company's users for managers; the page an invitation link opens. */
const UsersManagementPage = lazyScreen(loadUsersManagementPage);
const InvitationPage = lazyScreen(loadInvitationPage);
const ProjectAddProduct = lazyScreen(loadProjectAddProduct);
const ProjectAddProductRedirect = lazyScreen(() => loadProjectAddProduct().then((module) => ({ default: module.ProjectAddProductRedirect })));
/** Pages that join features (app/pages/): the configurators ending in "Add to project", a project line in the configurator. */
const ConfigureProductPage = lazyScreen(() => import('./pages/configure-product-pages').then((module) => ({ default: module.ConfigureProductPage })));
/** A configurator page opened by its address: its modules and its first calls (the model's data) at start (issue 35 §5). */
const CONFIGURATOR_HANDLE: RouteHandle = { preload: ConfigureProductPage.preload, prefetch: prefetchConfiguratorPage, ready: readyConfiguratorPage };
const ConfigurePreconfigPage = lazyScreen(() => import('./pages/configure-preconfig-page').then((module) => ({ default: module.ConfigurePreconfigPage })));
const ValidateProjectLine = lazyScreen(() => import('./pages/validate-project-line').then((module) => ({ default: module.ValidateProjectLine })));
/** The crea room (issue 15): a new composition, a preconfiguration, a project's creation line (three.js loads with the room only). */
const loadCreaPages = () => import('./pages/crea-pages');
/** One lazy component for the four crea pages (`page` picks), so that the first load of `/` carries as little as possible for them. */
const CreaPage = lazyScreen(loadCreaPages);
/** The compositor family (issue 32 §2): /compositor, /compositor/v2, /compositor/_demo, /minicompositor (the crea room, loaded with it). */
const CompositorPages = lazyScreen(() => import('./pages/compositor-pages'));
/** The drawing configurators (issue 16): sticks and plusminus drawn on a plan (three.js loads with their preview only). */
const loadDrawingPages = () => import('./pages/drawing-pages');
const DrawingPage = lazyScreen(loadDrawingPages);
/** Drawings' shared view, a project line's 3D export and the export frame (issue 16 §4–§6): one lazy entry (`page` picks). */
const loadDrawingSharePages = () => import('./pages/drawing-share-pages');
const DrawingSharePage = lazyScreen(loadDrawingSharePages);
/** Support (issue 11 §2): open to visitors too; an account needs support.request (the page says so otherwise, the api refuses). */
const SupportPage = lazyScreen(loadSupportPage);
/** Feature flags (issue 9 §2): the backoffice screen. */
const FlagsAdminPage = lazyScreen(loadFlagsAdminPage);
/** Acting for a customer and the full audit trail (issue 17 §3). */
const ActingPage = lazyScreen(loadActingPage);
const AuditTrailPage = lazyScreen(loadAuditTrailPage);
const ProductAdminHomePage = lazyScreen(loadProductAdminHomePage);
const ProductAdminRulesPage = lazyScreen(loadProductAdminRulesPage);
const ProductAdminComposePage = lazyScreen(loadProductAdminComposePage);
const TechnicalInfoPage = lazyScreen(loadTechnicalInfoPage);
const ProductSheetPage = lazyScreen(loadProductSheetPage);
const GeneratePreviewsPage = lazyScreen(loadGeneratePreviewsPage);
const GeneratePdfPage = lazyScreen(loadGeneratePdfPage);
const ComposePreviewPage = lazyScreen(loadComposePreviewPage);
/** The image studio (issue 32 §1): internal users holding product.admin (its approvals go into the catalogue's draft). */
const StudioPage = lazyScreen(loadStudioPage);

/** /preview/compose exists only while the flag composeUrlPreview is on (spec §2); otherwise the not-found page (the api answers 404 too). */
/**
 * /compositor: with `validating=true` the validation of a composing-pendants line (spec §2, project
 * edit); otherwise the internal compositor (internal users by e-mail; the api refuses anyone else).
 */
function CompositorRoute() {
  const [search] = useSearchParams();
  if (search.get('validating') === 'true') return projectEdit(<CreaPage page="validate" />);
  return (
    <RequireAuth internal refusal="forbidden">
      <CompositorPages page="tool" />
    </RequireAuth>
  );
}

function FlaggedComposePreview() {
  return useFlag('composeUrlPreview') ? <ComposePreviewPage /> : <NotFoundPage />;
}
/** Spec §2: a project's pages need project view, of one's own, the company's or assigned projects (any one). */
const anyProjectView = (page: ReactNode) => <RequireAuth privileges={PROJECT_PAGES_PRIVILEGES}>{page}</RequireAuth>;
/** Spec §2: validating a project line needs project edit (the server enforces the project's scope). */
const projectEdit = (page: ReactNode) => <RequireAuth privileges={['project.edit']}>{page}</RequireAuth>;
/**
 * Spec §2 guards none of the catalogue's pages: visitors and every user browse and configure (issue
 * 10 §1); "Add to project" asks for a login, or a project, when pressed. The target project's note
 * stays above each step.
 */
const catalogueStep = (page: ReactNode) => <CatalogueStep>{page}</CatalogueStep>;

/**
 * What startApp reads of a route: `preload` fetches the module of its lazy screen, so that a page
 * opened by its address starts loading it at start, beside the texts and the account, instead of
 * once the login state is known (issue 9 §4). The screens users land on by address take it.
 */
export interface RouteHandle {
  preload?: () => Promise<unknown>;
  /** Sends the screen's first data call at start once the account is known (features' prefetch…Page). */
  prefetch?: (context: { api: ApiClient; flags: FlagsClient; account: Account; lang: Lang; params: Readonly<Record<string, string | undefined>> }) => void;
  /**
   * Loads into the store, once the screen's modules and the session are in, what the screen shows
   * first, so that the first render shows it rather than a loading state in the place of the top the
   * server painted (features' ready…Page). The first render waits for it, failed or not.
   */
  ready?: (context: StartLoadContext) => Promise<unknown>;
}

/**
 * The routes of spec §2 that are built so far. A feature registers its routes here when it is built;
 * there are no placeholder screens.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/professional-area', element: <HomePage /> },
        {
          path: '/my-profile',
          element: (
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          ),
        },
        { path: '/password-reset', element: <PasswordResetPage /> },
        { path: '/social-sign-up', element: <SocialSignUpPage /> },
        {
          path: '/users-management',
          element: (
            <RequireAuth privileges={['company.manage.user']}>
              <UsersManagementPage />
            </RequireAuth>
          ),
        },
        { path: '/invitation', element: <InvitationPage /> },
        { path: '/support', element: <SupportPage /> },
        { path: '/new-register', element: <Navigate to="/en/new-register" replace /> },
        { path: '/:language/new-register', element: <NewRegisterPage /> },
        {
          // A team tool (spec §2 lists it without an access rule): we keep it to users with the backoffice privilege.
          path: '/sandbox',
          element: (
            <RequireAuth privileges={['backoffice']}>
              <SandboxPage />
            </RequireAuth>
          ),
        },
        { path: '/create-project', element: <StartCatalogue /> },
        { path: '/create-project/select-collection/:subFamilyId?', element: catalogueStep(<SelectCollectionPage />) },
        { path: '/add-product/:subFamilyId/:applicationLocationId?', element: catalogueStep(<AddProductPage flow="v1" />) },
        { path: '/add-product/:subFamilyId/:applicationLocationId/:model', element: catalogueStep(<ConfigureProductPage mode="express" />), handle: CONFIGURATOR_HANDLE },
        { path: '/add-product-v2/:subFamilyId/:applicationLocationId?', element: catalogueStep(<AddProductPage flow="v2" />) },
        { path: '/add-product-v2/:subFamilyId/:applicationLocationId/:model', element: catalogueStep(<ConfigureProductPage mode="attributes" />), handle: CONFIGURATOR_HANDLE },
        { path: '/preconfigs-list/:subFamilyId/:applicationLocationId?', element: catalogueStep(<PreconfigsListPage />) },
        { path: '/add-preconfig/:preconfigId', element: catalogueStep(<ConfigurePreconfigPage />) },
        // The crea room (issue 15 §1, spec §2): open to visitors like the other configurators; old paths redirect.
        { path: '/new-product/crea-configurator/:model?', element: catalogueStep(<CreaPage page="new" />), handle: { preload: CreaPage.preload } satisfies RouteHandle },
        { path: '/crea-configurator/:model?', element: <CreaPage page="old" /> },
        {
          // A static segment: ranked above /project/:projectId/add-product/:subFamilyId? (which caught it before).
          // {model} is a model to hang first, or the mode (crea): the catalogue's model step leads here with the model.
          path: '/project/:projectId/add-product/crea-configurator/:model?',
          element: anyProjectView(catalogueStep(<CreaPage page="new" />)),
          handle: { preload: CreaPage.preload } satisfies RouteHandle,
        },
        {
          path: '/project/:projectId/product/:productId/crea-configurator/:mode?',
          element: projectEdit(<CreaPage page="line" />),
          handle: { preload: CreaPage.preload } satisfies RouteHandle,
        },
        // The drawing configurators (issue 16 §1, spec §2): open to visitors like crea; old paths redirect; the validate route is the edit route's mode.
        ...(['sticks', 'plusminus'] as const).flatMap((family) => [
          { path: `/new-product/${family}-drawing-configurator/:mode?`, element: catalogueStep(<DrawingPage family={family} page="new" />), handle: { preload: DrawingPage.preload } satisfies RouteHandle },
          { path: `/${family}-drawing-configurator`, element: <DrawingPage family={family} page="old" /> },
          {
            path: `/project/:projectId/add-product/${family}-drawing-configurator/:mode?`,
            element: anyProjectView(catalogueStep(<DrawingPage family={family} page="new" />)),
            handle: { preload: DrawingPage.preload } satisfies RouteHandle,
          },
          {
            path: `/project/:projectId/product/:productId/${family}-drawing-configurator/:mode?`,
            element: projectEdit(<DrawingPage family={family} page="line" />),
            handle: { preload: DrawingPage.preload } satisfies RouteHandle,
          },
        ]),
        // The no-drawing configurators (issue 16 §3): open to visitors; a line's modes edit, validate and (plusminus) view, the page decides what may be saved.
        ...(['sticks', 'plusminus'] as const).flatMap((family) => [
          { path: `/new-product/${family}-nodrawing-configurator/:mode?`, element: catalogueStep(<DrawingSharePage family={family} page="nodrawing-new" />), handle: { preload: DrawingSharePage.preload } satisfies RouteHandle },
          { path: `/${family}-nodrawing-configurator`, element: <DrawingSharePage family={family} page="nodrawing-old" /> },
          {
            path: `/project/:projectId/add-product/${family}-nodrawing-configurator/:mode?`,
            element: anyProjectView(catalogueStep(<DrawingSharePage family={family} page="nodrawing-new" />)),
            handle: { preload: DrawingSharePage.preload } satisfies RouteHandle,
          },
          {
            path: `/project/:projectId/product/:productId/${family}-nodrawing-configurator/:mode?`,
            element: anyProjectView(<DrawingSharePage family={family} page="nodrawing-line" />),
            handle: { preload: DrawingSharePage.preload } satisfies RouteHandle,
          },
        ]),
        // Composing pendants validate here under validateComposingPendantsProduct (spec §2): the room, in validate mode.
        { path: '/compositor', element: <CompositorRoute />, handle: { preload: CreaPage.preload } satisfies RouteHandle },
        // Issue 16 §5: the shared view, open to anyone with the link (prices only as the viewer's account allows).
        { path: '/plusminus-drawing-configurator/product/:hash', element: <DrawingSharePage page="shared" />, handle: { preload: DrawingSharePage.preload } satisfies RouteHandle },
        // Issue 16 §4: a drawn line's 3D model and plan: a download, so project.download as spec §2's download routes (issue 27 §1); the api checks it again, and the project's read scope.
        {
          path: '/project/:projectId/product/:productId/export',
          element: (
            <RequireAuth privileges={['project.download']}>
              <DrawingSharePage page="line-export" />
            </RequireAuth>
          ),
          handle: { preload: DrawingSharePage.preload } satisfies RouteHandle,
        },
        { path: '/projects', element: anyProjectView(<ProjectsPage />), handle: { preload: ProjectsPage.preload, prefetch: prefetchProjectsPage, ready: readyProjectsPage } satisfies RouteHandle },
        { path: '/project/:projectId', element: anyProjectView(<ProjectPage />), handle: { preload: ProjectPage.preload, prefetch: prefetchProjectPage, ready: readyProjectPage } satisfies RouteHandle },
        // Spec §2 names budget.request; the page guards itself, so that a visitor logs in and a web user qualifies on the way (spec §4 project-budget).
        { path: '/project/:projectId/request-budget', element: <BudgetRequestPage />, handle: { preload: BudgetRequestPage.preload } satisfies RouteHandle },
        {
          path: '/project/:projectId/usa-request-budget',
          element: (
            <RequireAuth privileges={['budget.request']}>
              <UsaBudgetRequestPage />
            </RequireAuth>
          ),
        },
        {
          path: '/project/:projectId/registration-usa',
          element: (
            <RequireAuth privileges={['project.registration']}>
              <RegistrationUsaPage />
            </RequireAuth>
          ),
        },
        {
          // Spec §2: budget or budget.add (the api asks price.view too, and the project's scope).
          path: '/project/:projectId/generate-budget',
          element: (
            <RequireAuth privileges={['budget', 'budget.add']}>
              <GenerateBudgetPage />
            </RequireAuth>
          ),
          handle: { preload: GenerateBudgetPage.preload } satisfies RouteHandle,
        },
        {
          path: '/project/:projectId/budget-quotation-usa',
          element: (
            <RequireAuth privileges={['project.registration']}>
              <BudgetQuotationUsaPage />
            </RequireAuth>
          ),
          handle: { preload: BudgetQuotationUsaPage.preload } satisfies RouteHandle,
        },
        {
          path: '/project/:projectId/new-order',
          element: (
            <RequireAuth privileges={['order.add']}>
              <NewOrderPage />
            </RequireAuth>
          ),
          handle: { preload: NewOrderPage.preload } satisfies RouteHandle,
        },
        {
          path: '/orders',
          element: (
            <RequireAuth privileges={['order.view']}>
              <OrdersPage />
            </RequireAuth>
          ),
          handle: { preload: OrdersPage.preload } satisfies RouteHandle,
        },
        {
          path: '/order/:orderId',
          element: (
            <RequireAuth privileges={['order.view']}>
              <OrderPage />
            </RequireAuth>
          ),
          handle: { preload: OrderPage.preload } satisfies RouteHandle,
        },
        {
          path: '/invoices',
          element: (
            // An invoice needs order.view and price.view (issue 29 §2, apps/api README).
            <RequireAuth privileges={['order.view']}>
              <RequireAuth privileges={['price.view']}>
                <InvoicesPage />
              </RequireAuth>
            </RequireAuth>
          ),
          handle: { preload: InvoicesPage.preload } satisfies RouteHandle,
        },
        // Spec §2: project.download (the api checks it again, and the project's scope).
        ...['downloads', 'technical-downloads'].map((page) => ({
          path: `/project/:projectId/${page}`,
          element: (
            <RequireAuth privileges={['project.download']}>
              <ProjectDownloadsPage />
            </RequireAuth>
          ),
          handle: { preload: ProjectDownloadsPage.preload } satisfies RouteHandle,
        })),
        {
          path: '/project/:projectId/export-3d',
          element: (
            <RequireAuth privileges={['project.download']}>
              <ProjectExport3dPage />
            </RequireAuth>
          ),
          handle: { preload: ProjectExport3dPage.preload } satisfies RouteHandle,
        },
        {
          path: '/services/download',
          element: (
            <RequireAuth>
              <ServicesDownloadPage />
            </RequireAuth>
          ),
          handle: { preload: ServicesDownloadPage.preload } satisfies RouteHandle,
        },
        { path: '/project/:projectId/add-product/:subFamilyId?', element: anyProjectView(<ProjectAddProductRedirect />) },
        {
          path: '/project/:projectId/add-product/select-collection/:subFamilyId?',
          element: anyProjectView(
            <ProjectAddProduct>
              <SelectCollectionPage />
            </ProjectAddProduct>,
          ),
        },
        {
          // A project line in the attributes configurator: the page loads and saves the line, the configurator configures it.
          path: '/validate/:projectId/:productId',
          element: projectEdit(<ValidateProjectLine />),
        },
        // Spec §2: a project line in the express or the attributes configurator (issue 27 §1: the one the catalogue opens for it).
        ...(['express', 'attributes'] as const).map((mode) => ({
          path: `/project/:projectId/product/:productId/${mode}-configurator`,
          element: projectEdit(<ValidateProjectLine mode={mode} />),
        })),
        {
          // Every flag's rollout, e-mail settings and history: the api allows it to backoffice users only.
          path: '/backoffice/flags',
          element: (
            <RequireAuth privileges={['backoffice']}>
              <FlagsAdminPage />
            </RequireAuth>
          ),
        },
        {
          // The customers a staff member may act for: the api answers sales staff (their companies) and admins.
          path: '/acting',
          element: (
            <RequireAuth roles={['sales', 'admin']}>
              <ActingPage />
            </RequireAuth>
          ),
        },
        {
          // Who changed what and when, platform-wide: the api allows it to backoffice users only.
          path: '/backoffice/audit',
          element: (
            <RequireAuth privileges={['backoffice']}>
              <AuditTrailPage />
            </RequireAuth>
          ),
        },
        // Product administration (issue 31, spec §2 tools): internal users (by e-mail) holding product.admin; anyone else gets the forbidden page.
        ...(
          [
            ['/product-admin', ProductAdminHomePage],
            ['/product-admin/EditRule', ProductAdminRulesPage],
            ['/product-admin/compose', ProductAdminComposePage],
            ['/studio', StudioPage],
          ] as const
        ).map(([path, Page]) => ({
          path,
          element: (
            <RequireAuth internal privileges={['product.admin']} refusal="forbidden">
              <Page />
            </RequireAuth>
          ),
          handle: { preload: Page.preload } satisfies RouteHandle,
        })),
        // The internal tools (issue 32, spec §2): internal users by e-mail; anyone else gets the forbidden page (the api refuses their calls too).
        ...(
          [
            ['/technicalinfo', TechnicalInfoPage],
            ['/productsheet', ProductSheetPage],
            ['/compositor/generatePreviews', GeneratePreviewsPage],
            ['/compositor/generatePdf', GeneratePdfPage],
          ] as const
        ).map(([path, Page]) => ({
          path,
          element: (
            <RequireAuth internal refusal="forbidden">
              <Page />
            </RequireAuth>
          ),
          handle: { preload: Page.preload } satisfies RouteHandle,
        })),
        // The compositor's other pages (issue 32 §2): internal users by e-mail.
        ...(
          [
            ['/compositor/v2', 'v2'],
            ['/compositor/_demo', 'demo'],
          ] as const
        ).map(([path, page]) => ({
          path,
          element: (
            <RequireAuth internal refusal="forbidden">
              <CompositorPages page={page} />
            </RequireAuth>
          ),
          handle: { preload: CompositorPages.preload } satisfies RouteHandle,
        })),
        {
          path: '/preview/compose',
          element: (
            <RequireAuth internal refusal="forbidden">
              <FlaggedComposePreview />
            </RequireAuth>
          ),
        },
        {
          // The support desk: the api answers its calls for sales staff (their catalogue) and admins only.
          path: '/desk',
          element: (
            <RequireAuth roles={['sales', 'admin']}>
              <DeskInboxPage />
            </RequireAuth>
          ),
        },
        {
          path: '/desk/requests/:requestId',
          element: (
            <RequireAuth roles={['sales', 'admin']}>
              <DeskRequestPage />
            </RequireAuth>
          ),
        },
        {
          // Trade leads (issue 17 §2): qualification requests for sales staff of their catalogue and admins.
          path: '/desk/trade-leads',
          element: (
            <RequireAuth roles={['sales', 'admin']}>
              <DeskTradeLeadsPage />
            </RequireAuth>
          ),
        },
        { path: NOT_ALLOWED_PATH, element: <NotAllowedPage /> },
        { path: FORBIDDEN_PATH, element: <ForbiddenPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    {
      // Frame-only pages (issue 17 §5): the auth views a partner site embeds (its origin in ?host=), and their pop-up's end.
      element: <FrameLayout />,
      children: [
        { path: '/iframe/auth/social-sign-up', element: <SocialSignUpPopupPage /> },
        { path: '/iframe/auth/:view', element: <AuthFrameRoute /> },
        // Issue 16 §6: the export of a configuration a partner page holds the snapshot id of.
        { path: '/iframe/plusminus-export3d', element: <DrawingSharePage page="export-frame" /> },
        // Issue 16 §6: the plusminus drawing configurator, telling the host each configuration's snapshot id.
        { path: '/iframe/plusminus-drawing-configurator', element: <DrawingSharePage page="configurator-frame" /> },
        // Issue 32 §2: the compact compositor a partner page embeds (internal users; its host verified like the drawing frames').
        {
          path: '/minicompositor',
          element: (
            <RequireAuth internal refusal="forbidden">
              <CompositorPages page="mini" />
            </RequireAuth>
          ),
        },
      ],
    },
    {
      // The quote a client opens from the e-mail's signed link: no login, nothing else of the platform.
      element: <PublicLayout />,
      children: [{ path: PUBLIC_QUOTE_ROUTE, element: <PublicQuotePage />, handle: { preload: PublicQuotePage.preload } satisfies RouteHandle }],
    },
  ];
}
