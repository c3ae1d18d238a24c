/**
 * The product a document is made for, read from the catalogue through the products service: the
 * model's technical data and the chosen finish (with its swatch colour), colour temperature, control,
 * installation and pendant height, each checked against what the model offers.
 */
import type { TechnicalInfo } from '@lumen/contracts';
import { type CatalogId, DomainError, type Lang, parseReference } from '@lumen/domain';
import { AppError } from '../../../errors';
import type { DocumentSubject, MakerDeps } from './index';

export interface ChosenValue {
  code: string;
  description: string;
}

/** A configured product with everything a document shows of it. */
export interface MadeProduct {
  catalogId: CatalogId;
  language: Lang;
  model: string;
  /** The full reference when every attribute is known, else the model's reference base. */
  reference: string;
  info: TechnicalInfo;
  finish: ChosenValue & { colour: string; ral?: string };
  temperature: ChosenValue & { kelvin: number };
  control: ChosenValue;
  installation: ChosenValue;
  /** Centimetres; pendants only. */
  pendantHeight: number | null;
  /** Set for a creation. */
  creation?: { code: string; name?: string; compositions: readonly unknown[]; validated: boolean; space?: unknown };
}

function badField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path, message }]);
}

function pick<T extends { code: string }>(offered: readonly T[], code: string | undefined, field: string, model: string): T {
  const chosen = code === undefined ? offered[0] : offered.find((value) => value.code === code.toUpperCase());
  if (!chosen) throw code === undefined ? new AppError('NOT_FOUND', `Model ${model} offers no ${field}`) : badField(field, `Model ${model} is not made with ${field} ${code}`);
  return chosen;
}

/** Finish colour of the swatch (a CSS colour), #rrggbb or a neutral grey. */
function swatchColour(thumbnail: string | undefined): string {
  return thumbnail !== undefined && /^#[0-9a-f]{6}$/i.test(thumbnail) ? thumbnail.toLowerCase() : '#b5b8bb';
}

export async function resolveProduct(subject: DocumentSubject, deps: MakerDeps): Promise<MadeProduct> {
  let model: string;
  let wanted: { finish?: string; ledColourTemp?: string; control?: string; installation?: string; pendantHeight?: number } = {};
  let catalogId = subject.catalogId;
  let creation: MadeProduct['creation'];
  if ('creation' in subject) {
    const { code, name, compositions, validated, space } = subject.creation;
    if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/i.test(code)) throw badField('code', `${code} is not a creation code`);
    model = subject.creation.model;
    creation = { code, compositions, validated: validated === true, ...(name !== undefined && name.trim() !== '' ? { name } : {}), ...(space !== undefined && space !== null ? { space } : {}) };
    const first = firstCompositionAttributes(compositions);
    wanted = first;
  } else if ('reference' in subject.product) {
    const reference = subject.product.reference.toUpperCase();
    try {
      const parsed = parseReference(reference);
      catalogId = parsed.catalogId;
      model = parsed.model;
      wanted = {
        finish: parsed.colour,
        ...(parsed.temperature !== undefined ? { ledColourTemp: parsed.temperature } : {}),
        ...(parsed.control !== undefined ? { control: parsed.control } : {}),
        ...(parsed.installation !== undefined ? { installation: parsed.installation } : {}),
        ...(subject.product.pendantHeight !== undefined ? { pendantHeight: subject.product.pendantHeight } : {}),
      };
    } catch (error) {
      if (error instanceof DomainError) throw badField('reference', error.message);
      throw error;
    }
    if (catalogId !== subject.catalogId) throw badField('reference', `${reference} is a reference of catalogue ${catalogId}, not ${subject.catalogId}`);
  } else {
    model = subject.product.model;
    wanted = subject.product.attributes ?? {};
  }
  if (!/^[A-Z0-9]{4}$/i.test(model)) throw badField('model', `${model} is not a model`);
  const info = await deps.products.technicalInfoByModel(null, { model: model.toUpperCase(), catalog: catalogId, lang: subject.language });
  const finish = pick(info.finishes, wanted.finish, 'finish', info.model);
  const temperature = pick(info.temperatures, wanted.ledColourTemp, 'ledColourTemp', info.model);
  const control = pick(info.controls, wanted.control, 'control', info.model);
  const installation = pick(info.installations, wanted.installation, 'installation', info.model);
  let pendantHeight: number | null = null;
  if (info.pendantHeight) {
    const { min, max, standard } = info.pendantHeight;
    pendantHeight = wanted.pendantHeight ?? standard;
    if (!(pendantHeight >= min && pendantHeight <= max)) throw badField('pendantHeight', `The pendant height of ${info.model} is from ${min} to ${max} cm`);
  }
  const dash = catalogId === 21 ? '-' : '';
  const reference = `${info.model}${dash}${finish.code}/${control.code}${temperature.code}_${installation.code}`;
  return {
    catalogId,
    language: subject.language,
    model: info.model,
    reference,
    info,
    finish: { code: finish.code, description: finish.description, colour: swatchColour(finish.thumbnail), ...(finish.ral ? { ral: finish.ral } : {}) },
    temperature: { code: temperature.code, description: temperature.description, kelvin: temperature.value ?? 3000 },
    control: { code: control.code, description: control.description },
    installation: { code: installation.code, description: installation.description },
    pendantHeight,
    ...(creation ? { creation } : {}),
  };
}

/** The attribute codes every light of a creation's first composition shares (CompositionBill.attributes). */
function firstCompositionAttributes(compositions: readonly unknown[]): { finish?: string; ledColourTemp?: string; control?: string; installation?: string } {
  const first = compositions[0];
  if (typeof first !== 'object' || first === null) return {};
  const attributes = (first as { attributes?: unknown }).attributes;
  if (typeof attributes !== 'object' || attributes === null) return {};
  const out: Record<string, string> = {};
  for (const key of ['finish', 'ledColourTemp', 'control', 'installation'] as const) {
    const value = (attributes as Record<string, unknown>)[key];
    if (typeof value === 'string' && /^[A-Z0-9]{1,4}$/i.test(value)) out[key] = value;
  }
  return out;
}
