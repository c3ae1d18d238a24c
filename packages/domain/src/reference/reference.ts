/**
 * Article references (spec configuration-domain §5, DESIGN.md "Reference format").
 *
 *   international  MMMMCC[/LT[_II]]   lengths 6, 9, 12   catalogue 16
 *   United States  MMMM-CC[/LT[_II]]  lengths 7, 10, 13  catalogue 21
 *
 * MMMM model (first 4 characters), CC colour (finish) modifier, L control, T temperature,
 * II installation (after the underscore). Every part is ASCII letters or digits; case is kept.
 */
import { CATALOG, type CatalogId } from '../catalogue/catalogue.types';
import { DomainError } from '../catalogue/domain-error';

/** A reference split into its parts. The optional parts are present in the order control+temperature, then installation. */
export interface Reference {
  readonly model: string;
  readonly catalogId: CatalogId;
  /** Finish (colour) modifier, 2 characters. */
  readonly colour: string;
  /** Control modifier, 1 character (present together with `temperature`). */
  readonly control?: string;
  /** LED colour temperature modifier, 1 character (present together with `control`). */
  readonly temperature?: string;
  /** Installation modifier, 2 characters (only when control and temperature are present). */
  readonly installation?: string;
}

/** The parts of a reference that can be read by name. */
export type ReferencePart = 'model' | 'finish' | 'control' | 'ledColourTemp' | 'installation';

export const REFERENCE_LENGTHS = [6, 7, 9, 10, 12, 13] as const;

const REFERENCE_PATTERN = /^([A-Za-z0-9]{4})(-?)([A-Za-z0-9]{2})(?:\/([A-Za-z0-9])([A-Za-z0-9])(?:_([A-Za-z0-9]{2}))?)?$/;
const PART = /^[A-Za-z0-9]+$/;

function invalid(ref: string): DomainError {
  return new DomainError('INVALID_REFERENCE', `${ref} is not a valid reference`);
}

/** Parses a reference of either form; throws '{ref} is not a valid reference' otherwise. */
export function parseReference(ref: string): Reference {
  const match = typeof ref === 'string' ? REFERENCE_PATTERN.exec(ref) : null;
  if (!match) throw invalid(String(ref));
  const [, model = '', dash, colour = '', control, temperature, installation] = match;
  return {
    model,
    catalogId: dash === '-' ? CATALOG.USA : CATALOG.INT,
    colour,
    ...(control !== undefined && temperature !== undefined ? { control, temperature } : {}),
    ...(installation !== undefined ? { installation } : {}),
  };
}

/** Like `parseReference` but answers `undefined` instead of throwing. */
export function tryParseReference(ref: string): Reference | undefined {
  try {
    return parseReference(ref);
  } catch {
    return undefined;
  }
}

export function isValidReference(ref: string): boolean {
  return tryParseReference(ref) !== undefined;
}

function checkPart(value: string | undefined, length: number): value is string {
  return value !== undefined && value.length === length && PART.test(value);
}

/**
 * Formats a reference: the US form (with the dash) for catalogue 21, the international form
 * otherwise. Installation needs control and temperature; a malformed part throws
 * '{text} is not a valid reference'.
 */
export function formatReference(reference: Reference): string {
  const { model, catalogId, colour, control, temperature, installation } = reference;
  let text = `${model}${catalogId === CATALOG.USA ? '-' : ''}${colour}`;
  const hasSuffix = control !== undefined || temperature !== undefined;
  if (hasSuffix) text += `/${control ?? ''}${temperature ?? ''}`;
  if (installation !== undefined) text += `_${installation}`;
  const wellFormed =
    checkPart(model, 4) &&
    checkPart(colour, 2) &&
    (!hasSuffix || (checkPart(control, 1) && checkPart(temperature, 1))) &&
    (installation === undefined || (hasSuffix && checkPart(installation, 2)));
  if (!wellFormed) throw invalid(text);
  return text;
}

function unreadable(part: string, ref: string): DomainError {
  return new DomainError('REFERENCE_PART_UNREADABLE', `Cannot get ${part} for reference ${ref} may not be a valid reference`);
}

/**
 * Reads one part of a reference by its attribute name. Throws
 * 'Cannot get {attribute} for reference {ref} may not be a valid reference' when the reference is
 * malformed or too short to hold that part.
 */
export function getReferencePart(ref: string, part: ReferencePart): string {
  const parsed = tryParseReference(ref);
  const value =
    parsed === undefined
      ? undefined
      : part === 'model'
        ? parsed.model
        : part === 'finish'
          ? parsed.colour
          : part === 'control'
            ? parsed.control
            : part === 'ledColourTemp'
              ? parsed.temperature
              : parsed.installation;
  if (value === undefined) throw unreadable(part, String(ref));
  return value;
}

/** The model code: the first 4 characters of a valid reference. */
export function modelOfReference(ref: string): string {
  return getReferencePart(ref, 'model');
}

/** A reference containing a dash belongs to catalogue 21, otherwise 16 (no validation). */
export function catalogOfReference(ref: string): CatalogId {
  return ref.includes('-') ? CATALOG.USA : CATALOG.INT;
}

/** Brand codes of the variation service and the catalogue they stand for. */
export const BRAND_CATALOG = { '3VB': CATALOG.INT, '4VT': CATALOG.INT, '2US': CATALOG.USA } as const satisfies Record<string, CatalogId>;

export interface BrandCatalogOptions {
  /** Feature flag `variationCatalog`: unknown brand codes are an error. */
  readonly variationCatalog?: boolean;
}

/**
 * The catalogue of a brand code: 3VB and 4VT → 16, 2US → 21. Any other code throws
 * 'Not exist catalog value' under the flag `variationCatalog`; without it the default catalogue 16.
 */
export function catalogOfBrandCode(brandCode: string, options: BrandCatalogOptions = {}): CatalogId {
  const code = brandCode.trim().toUpperCase();
  if (Object.hasOwn(BRAND_CATALOG, code)) return (BRAND_CATALOG as Readonly<Record<string, CatalogId>>)[code] ?? CATALOG.INT;
  if (options.variationCatalog) throw new DomainError('UNKNOWN_CATALOG_VALUE', 'Not exist catalog value');
  return CATALOG.INT;
}
