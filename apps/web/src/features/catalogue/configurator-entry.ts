/**
 * Which configurator a collection of the catalogue leads to (issue 27 §1; spec configuration-domain
 * §2 "the configurator chosen by configurator type and subfamily"), and the paths into it, with the
 * project a product is being chosen for (/project/{id}/add-product/…) or without (/new-product/…).
 */
import type { Collection } from '@lumen/contracts';
import { CONFIGURATOR_ID, CONFIGURATOR_SUFFIX, configuratorBasePath, drawingFamilyOf, type DrawingFamily } from '@lumen/domain';
import { useAppSelector } from '../../shared/store';

/** Composing pendants (product type 7) are composed in the crea room, as the crea configurator's collections. */
const COMPOSING_PENDANTS = 7;

export type CollectionEntry =
  /** The express configurator (/add-product/…) or the attributes configurator (/add-product-v2/…), model by model. */
  | { kind: 'express' | 'attributes' }
  /** The crea room: a model of the collection is hung first. */
  | { kind: 'crea' }
  /** Sticks (219) and plusminus (225): drawn on a plan, or chosen from a layout; `preferred` is the collection's configurator type. */
  | { kind: 'drawing'; family: DrawingFamily; preferred: 'drawing' | 'nodrawing' };

export function collectionEntry(collection: Pick<Collection, 'subFamilyId' | 'configuratorType' | 'productType'>): CollectionEntry {
  const type = collection.configuratorType.id;
  if (type === CONFIGURATOR_ID.CREA || type === CONFIGURATOR_ID.COMPOSITOR || collection.productType.id === COMPOSING_PENDANTS) return { kind: 'crea' };
  const family = drawingFamilyOf(collection.subFamilyId);
  // Sticks and plusminus have both configurators (spec §2); another subfamily with a drawing type falls back to the express configurator.
  if (family !== null && (type === CONFIGURATOR_ID.DRAWING || type === CONFIGURATOR_ID.NODRAWING)) {
    return { kind: 'drawing', family, preferred: type === CONFIGURATOR_ID.NODRAWING ? 'nodrawing' : 'drawing' };
  }
  return { kind: type === CONFIGURATOR_ID.ATTRIBUTES_CONFIGURATOR ? 'attributes' : 'express' };
}

/** The first step after choosing a collection: its applications and models (v1, or v2 for the attributes configurator). */
export function collectionStepPath(collection: Pick<Collection, 'subFamilyId' | 'configuratorType' | 'productType'>): string {
  return `${collectionEntry(collection).kind === 'attributes' ? '/add-product-v2' : '/add-product'}/${collection.subFamilyId}`;
}

/** The crea room with a model hung first. */
export function creaPath(projectId: number | null, model?: string): string {
  return `${configuratorBasePath(projectId)}${CONFIGURATOR_SUFFIX.crea}${model ? `/${encodeURIComponent(model)}` : ''}`;
}

/** A sticks or plusminus configurator: drawn, or chosen from a layout (no drawing). */
export function drawingPath(projectId: number | null, family: DrawingFamily, drawn: boolean): string {
  return `${configuratorBasePath(projectId)}${CONFIGURATOR_SUFFIX[`${family}-${drawn ? 'drawing' : 'nodrawing'}`]}`;
}

/** The project a product is being chosen for (the projects feature's target, once it has loaded), or null. */
export function useTargetProjectId(): number | null {
  return useAppSelector((state) => state.projectTarget?.projectId ?? null);
}

/**
 * Where a preconfiguration opens (issue 27 §1): a crea or composing-pendants one in the crea room and
 * a drawn one in its drawing configurator, populated (?preconfigId=), to be added as one creation
 * line; any other in the express view of its luminaires (/add-preconfig/{id}).
 */
export function preconfigPath(preconfig: { id: number; subFamilyId: number; configuratorType: { id: number } }, projectId: number | null): string {
  const type = preconfig.configuratorType.id;
  const query = `?${new URLSearchParams({ preconfigId: String(preconfig.id) }).toString()}`;
  if (type === CONFIGURATOR_ID.CREA || type === CONFIGURATOR_ID.COMPOSITOR) return `${creaPath(projectId)}${query}`;
  const family = drawingFamilyOf(preconfig.subFamilyId);
  if (family !== null && type === CONFIGURATOR_ID.DRAWING) return `${drawingPath(projectId, family, true)}${query}`;
  if (family !== null && type === CONFIGURATOR_ID.NODRAWING) return drawingPath(projectId, family, false);
  return `/add-preconfig/${preconfig.id}`;
}
