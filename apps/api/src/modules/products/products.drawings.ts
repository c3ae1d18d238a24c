/**
 * Drawings (issue 16): the shared view's snapshot rules and the files of a drawn product. A space is
 * evaluated (rebuilt and checked, products.creations) before anything here reads it; these functions
 * turn its tree back into the drawing (`spaceToDrawing`) and the drawing into files (lib/model-export
 * from @lumen/domain's `drawingParts` and `planOutline`).
 */
import type { CreationEvaluation, CreationExportFormat } from '@lumen/contracts';
import { type CatalogId, type DrawingFamily, drawingParts, type ElementTree, lengthSystemOf, planOutline, spaceToDrawing } from '@lumen/domain';
import { AppError } from '../../errors';
import { type ExportedFile, exportModel } from '../../lib/model-export';

/** The shared view's id: 16 random bytes, base64url (lib/tokens randomToken(16)). */
export const SHARE_HASH_BYTES = 16;
const SHARE_HASH = /^[A-Za-z0-9_-]{22}$/;

export function isShareHash(hash: string): boolean {
  return SHARE_HASH.test(hash);
}

/** Only plusminus has a shared view (VIEW mode, configuration-domain §2): `/plusminus-drawing-configurator/product/{hash}`. */
export const SHARED_FAMILY: DrawingFamily = 'plusminus';

export function sharedViewPath(hash: string): string {
  return `/plusminus-drawing-configurator/product/${hash}`;
}

/**
 * A space that breaks a rule or collides is not shared or exported (the project's save refuses it the
 * same way): a 400 with the first failure's code and a field per failure under body.space.
 */
export function refuseFailures(evaluation: CreationEvaluation): void {
  const [first] = evaluation.failures;
  if (!first) return;
  throw new AppError(
    first.code === 'COLLIDES' ? 'COLLIDES' : 'RULE_FAILED',
    first.message,
    evaluation.failures.map((failure) => ({ path: `body.space${failure.elementId ? `.${failure.elementId}` : ''}`, message: failure.message })),
  );
}

export interface DrawingFileRequest {
  tree: ElementTree;
  family: DrawingFamily;
  catalogId: CatalogId;
  format: CreationExportFormat;
  /** What the files are named after: the share's hash, the line's creation code, or 'drawing'. */
  name: string;
  /** The collection's name (the glTF scene, the OBJ header, the SVG title). */
  collection: string;
}

export interface DrawingFile extends ExportedFile {
  fileName: string;
}

/** A safe file name stem: letters, digits, dot, dash and underscore. */
function stem(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'drawing';
}

export async function drawingFile(request: DrawingFileRequest): Promise<DrawingFile> {
  const drawing = spaceToDrawing(request.tree, request.family);
  const file = await exportModel(request.format, {
    parts: drawingParts(drawing),
    outline: planOutline(drawing),
    title: `${request.collection} ${request.name}`,
    fileStem: stem(`${request.family}-${request.name}`),
    lengths: lengthSystemOf(request.catalogId),
  });
  return { ...file, fileName: `${stem(`${request.family}-${request.name}`)}.${file.extension}` };
}
