/**
 * Files of a drawn product (issue 16 §4): its 3D model as glTF binary, OBJ and STL from @lumen/domain's
 * `drawingParts`, its plan as DXF and SVG from `planOutline`. Pure over those plain-data inputs; the
 * products module makes them from a checked space and names the attachment.
 */
import type { LengthSystem, ModelPart, PlanOutline } from '@lumen/domain';
import yazl from 'yazl';
import { writeMtl, writeObj, writeStl } from './model-mesh-files';
import { writeGlb } from './model-glb';
import { partMeshes } from './model-meshes';
import { writeDxf, writeSvg } from './plan-files';

export const MODEL_EXPORT_FORMATS = ['glb', 'obj', 'stl', 'dxf', 'svg'] as const;
export type ModelExportFormat = (typeof MODEL_EXPORT_FORMATS)[number];

export const MODEL_EXPORT_CONTENT_TYPES: Readonly<Record<ModelExportFormat, string>> = {
  glb: 'model/gltf-binary',
  obj: 'application/zip',
  stl: 'model/stl',
  dxf: 'image/vnd.dxf',
  svg: 'image/svg+xml',
};

export interface ModelExportInput {
  readonly parts: readonly ModelPart[];
  readonly outline: PlanOutline;
  /** The product's name (the glTF scene, the OBJ header, the SVG title). */
  readonly title: string;
  /** The files' name without extension (the OBJ's and its MTL's inside their zip); 'model' by default. */
  readonly fileStem?: string;
  readonly lengths: LengthSystem;
}

export interface ExportedFile {
  readonly body: Buffer;
  readonly contentType: string;
  /** The file's extension: the format's, or zip for the OBJ with its MTL. */
  readonly extension: ModelExportFormat | 'zip';
}

/** The OBJ with its material library (issue 28 §4): the pair the format defines, in one zip, the OBJ naming the MTL. */
async function objWithMtl(input: ModelExportInput): Promise<Buffer> {
  const stem = (input.fileStem ?? 'model').replace(/[^A-Za-z0-9._-]+/g, '-') || 'model';
  const meshes = partMeshes(input.parts);
  const zip = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2020, 0, 1));
  zip.addBuffer(writeObj(meshes, input.title, `${stem}.mtl`), `${stem}.obj`, { mtime });
  zip.addBuffer(writeMtl(meshes), `${stem}.mtl`, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function exportModel(format: ModelExportFormat, input: ModelExportInput): Promise<ExportedFile> {
  const file = (body: Buffer): ExportedFile => ({ body, contentType: MODEL_EXPORT_CONTENT_TYPES[format], extension: format });
  switch (format) {
    case 'glb':
      return file(await writeGlb(partMeshes(input.parts), input.title));
    case 'obj':
      return { body: await objWithMtl(input), contentType: 'application/zip', extension: 'zip' };
    case 'stl':
      return file(writeStl(partMeshes(input.parts)));
    case 'dxf':
      return file(writeDxf(input.outline, { title: input.title, lengths: input.lengths }));
    case 'svg':
      return file(writeSvg(input.outline, { title: input.title, lengths: input.lengths }));
  }
}
