/**
 * Pure routing rules of the configurators (spec configuration-domain §2, §3): which configurator a
 * product opens in, by configurator type and subfamily, and the route paths that follow.
 */
import { DomainError } from '../catalogue/domain-error';

/** Configurator type ids. */
export const CONFIGURATOR_ID = { CREA: 1, DRAWING: 2, NODRAWING: 3, EXPRESS: 4, COMPOSITOR: 5, ATTRIBUTES_CONFIGURATOR: 6 } as const;
export type ConfiguratorId = (typeof CONFIGURATOR_ID)[keyof typeof CONFIGURATOR_ID];
/** A product without a configurator type opens in the express configurator. */
export const DEFAULT_CONFIGURATOR_ID: ConfiguratorId = CONFIGURATOR_ID.EXPRESS;
export const DEFAULT_CONFIGURATOR_SOURCE = 'PRIVATE_AREA';

/** Subfamilies with drawing and no-drawing configurators. */
export const SUBFAMILY = { STICKS: 219, PLUSMINUS: 225, MULTIPLE: 259 } as const;

/** The configurator families that have their own route suffix. */
export type ConfiguratorFamily = 'crea' | 'plusminus-drawing' | 'sticks-drawing' | 'plusminus-nodrawing' | 'sticks-nodrawing';
export type ConfiguratorKind = ConfiguratorFamily | 'express' | 'compositor' | 'attributes';

function noConfigurator(): DomainError {
  return new DomainError('NO_CONFIGURATOR', 'No configurator setted!');
}

/**
 * The configurator of a product. Drawing and no-drawing configurators exist only for subfamilies
 * 225 (plusminus) and 219 (sticks); any other subfamily throws
 * 'SubfamilyId does not match any drawing configurator' / '… not-drawing configurator'.
 * An unknown type throws 'No configurator setted!'.
 */
export function configuratorFor(configuratorTypeId: number | null | undefined, subFamilyId?: number | null): ConfiguratorKind {
  switch (configuratorTypeId) {
    case CONFIGURATOR_ID.CREA:
      return 'crea';
    case CONFIGURATOR_ID.DRAWING:
      if (subFamilyId === SUBFAMILY.PLUSMINUS) return 'plusminus-drawing';
      if (subFamilyId === SUBFAMILY.STICKS) return 'sticks-drawing';
      throw new DomainError('NO_DRAWING_CONFIGURATOR', 'SubfamilyId does not match any drawing configurator');
    case CONFIGURATOR_ID.NODRAWING:
      if (subFamilyId === SUBFAMILY.PLUSMINUS) return 'plusminus-nodrawing';
      if (subFamilyId === SUBFAMILY.STICKS) return 'sticks-nodrawing';
      throw new DomainError('NO_NODRAWING_CONFIGURATOR', 'SubfamilyId does not match any not-drawing configurator');
    case CONFIGURATOR_ID.EXPRESS:
      return 'express';
    case CONFIGURATOR_ID.COMPOSITOR:
      return 'compositor';
    case CONFIGURATOR_ID.ATTRIBUTES_CONFIGURATOR:
      return 'attributes';
    default:
      throw noConfigurator();
  }
}

/** Route suffix of each configurator family. */
export const CONFIGURATOR_SUFFIX: Readonly<Record<ConfiguratorFamily, string>> = {
  crea: '/crea-configurator',
  'plusminus-drawing': '/plusminus-drawing-configurator',
  'sticks-drawing': '/sticks-drawing-configurator',
  'plusminus-nodrawing': '/plusminus-nodrawing-configurator',
  'sticks-nodrawing': '/sticks-nodrawing-configurator',
};

/** Families that take the optional query preconfigId. */
const TAKES_PRECONFIG: readonly ConfiguratorFamily[] = ['crea', 'plusminus-drawing', 'sticks-drawing'];

const seg = (value: string | number): string => encodeURIComponent(String(value));

function isFamily(kind: ConfiguratorKind): kind is ConfiguratorFamily {
  return Object.hasOwn(CONFIGURATOR_SUFFIX, kind);
}

/** /project/{projectId}/add-product with a project, /new-product without. */
export function configuratorBasePath(projectId?: string | number | null): string {
  return projectId === undefined || projectId === null || projectId === '' ? '/new-product' : `/project/${seg(projectId)}/add-product`;
}

export interface AddProductRoute {
  readonly configuratorTypeId: number;
  readonly subFamilyId?: number | null;
  readonly projectId?: string | number | null;
  /** Used by crea, plusminus-drawing and sticks-drawing only. */
  readonly preconfigId?: string | number | null;
}

/**
 * The route that opens a configurator for a new product: base + family suffix (+ ?preconfigId=…).
 * Express, compositor and attributes configurators have no such route: 'No configurator setted!'.
 */
export function addProductPath(route: AddProductRoute): string {
  const kind = configuratorFor(route.configuratorTypeId, route.subFamilyId);
  if (!isFamily(kind)) throw noConfigurator();
  const path = `${configuratorBasePath(route.projectId)}${CONFIGURATOR_SUFFIX[kind]}`;
  const preconfig = route.preconfigId;
  if (preconfig === undefined || preconfig === null || preconfig === '' || !TAKES_PRECONFIG.includes(kind)) return path;
  return `${path}?${new URLSearchParams({ preconfigId: String(preconfig) }).toString()}`;
}

export interface ValidateRoute {
  readonly configuratorTypeId: number;
  readonly subFamilyId?: number | null;
  readonly projectId: string | number;
  readonly productId: string | number;
  /** Compositor query values. */
  readonly configId?: string | number | null;
  readonly familyId?: string | number | null;
  readonly catalogId?: number | null;
}

export interface ValidateRouteFlags {
  /** Composing pendants validate at /compositor only under this flag. */
  readonly validateComposingPendantsProduct?: boolean;
}

/** The attribute-configurator validation route /validate/{projectId}/{productId}. */
export function attributesValidatePath(projectId: string | number, productId: string | number): string {
  return `/validate/${seg(projectId)}/${seg(productId)}`;
}

/**
 * Where validating a product navigates, by configurator type and subfamily:
 * - crea and the four drawing / no-drawing families: /project/{p}/product/{q}/{family}-configurator/validate
 * - compositor (composing pendants): /compositor?projectId&configId&family&catalog&validating=true&productId
 *   under validateComposingPendantsProduct, otherwise the attributes validate route
 * - attributes: /validate/{p}/{q}
 * - express: /project/{p}/product/{q}/express-configurator
 */
export function validationPath(route: ValidateRoute, flags: ValidateRouteFlags = {}): string {
  const kind = configuratorFor(route.configuratorTypeId, route.subFamilyId);
  const product = `/project/${seg(route.projectId)}/product/${seg(route.productId)}`;
  if (isFamily(kind)) return `${product}${CONFIGURATOR_SUFFIX[kind]}/validate`;
  if (kind === 'express') return `${product}/express-configurator`;
  if (kind === 'compositor' && flags.validateComposingPendantsProduct) {
    const query = new URLSearchParams({
      projectId: String(route.projectId),
      configId: String(route.configId ?? ''),
      family: String(route.familyId ?? ''),
      catalog: String(route.catalogId ?? ''),
      validating: 'true',
      productId: String(route.productId),
    });
    return `/compositor?${query.toString()}`;
  }
  return attributesValidatePath(route.projectId, route.productId);
}

/** The edit route of a product in its configurator. */
export function productConfiguratorPath(route: Omit<ValidateRoute, 'configId' | 'familyId' | 'catalogId'>): string {
  const kind = configuratorFor(route.configuratorTypeId, route.subFamilyId);
  const product = `/project/${seg(route.projectId)}/product/${seg(route.productId)}`;
  if (isFamily(kind)) return `${product}${CONFIGURATOR_SUFFIX[kind]}`;
  if (kind === 'express') return `${product}/express-configurator`;
  return `${product}/attributes-configurator`;
}
