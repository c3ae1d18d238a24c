/**
 * The luminaire's geometry for the document makers: @lumen/domain's `luminaireGeometry` (issue 28 §4:
 * one geometry for the drawings, the 3D files, the HD images and the web's 3D), fed with the
 * catalogue's data of the model as the products service reads it.
 */
import { type LuminaireGeometry, luminaireGeometry } from '@lumen/domain';
import type { PictureSubject } from '../../products/products.service';

export type { Canopy, LuminaireGeometry, LuminairePart as Part, PartMaterial } from '@lumen/domain';
export { canopyOf } from '@lumen/domain';

export interface GeometryInput {
  picture: Pick<PictureSubject, 'category' | 'locationId' | 'width' | 'height' | 'depth' | 'lightSources' | 'family'>;
  installation: string;
  /** Centimetres. */
  pendantHeight: number | null;
}

export function geometryOfPicture(input: GeometryInput): LuminaireGeometry {
  const { category, locationId, width, height, depth, lightSources, family } = input.picture;
  return luminaireGeometry({
    luminaire: { category, locationId, width, height, depth, ...(lightSources !== undefined ? { lightSources } : {}), ...(family ? { family } : {}) },
    installation: input.installation,
    pendantHeight: input.pendantHeight,
  });
}
