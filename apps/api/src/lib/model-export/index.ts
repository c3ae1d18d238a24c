/**
 * Files of a drawn product (issue 16 §4): its 3D model as glTF binary, OBJ and STL from @lumen/domain's
 * `drawingParts`, its plan as DXF and SVG from `planOutline`. Pure over those plain-data inputs; the
 * products module makes them from a checked space and names the attachment.
 */
import type { LengthSystem, ModelPart, PlanOutline } from '@lumen/domain';
import { writeObj, writeStl } from './model-mesh-files';
import { writeGlb } from './model-glb';
import { partMeshes } from './model-meshes';
import { writeDxf, writeSvg } from './plan-files';

export const MODEL_EXPORT_FORMATS = ['glb', 'obj', 'stl', 'dxf', 'svg'] as const;
export type ModelExportFormat = (typeof MODEL_EXPORT_FORMATS)[number];

export const MODEL_EXPORT_CONTENT_TYPES: Readonly<Record<ModelExportFormat, string>> = {
  glb: 'model/gltf-binary',
  obj: 'model/obj',
  stl: 'model/stl',
  dxf: 'image/vnd.dxf',
  svg: 'image/svg+xml',
};

export interface ModelExportInput {
  readonly parts: readonly ModelPart[];
  readonly outline: PlanOutline;
  /** The product's name (the glTF scene, the OBJ header, the SVG title). */
  readonly title: string;
  readonly lengths: LengthSystem;
}

export interface ExportedFile {
  readonly body: Buffer;
  readonly contentType: string;
  readonly extension: ModelExportFormat;
}

export async function exportModel(format: ModelExportFormat, input: ModelExportInput): Promise<ExportedFile> {
  const file = (body: Buffer): ExportedFile => ({ body, contentType: MODEL_EXPORT_CONTENT_TYPES[format], extension: format });
  switch (format) {
    case 'glb':
      return file(await writeGlb(partMeshes(input.parts), input.title));
    case 'obj':
      return file(writeObj(partMeshes(input.parts), input.title));
    case 'stl':
      return file(writeStl(partMeshes(input.parts)));
    case 'dxf':
      return file(writeDxf(input.outline, { title: input.title, lengths: input.lengths }));
    case 'svg':
      return file(writeSvg(input.outline, { title: input.title, lengths: input.lengths }));
  }
}
