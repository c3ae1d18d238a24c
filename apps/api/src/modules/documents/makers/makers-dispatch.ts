import { AppError } from '../../../errors';
import type { DocumentKind, DocumentSubject, MadeFile, MakerDeps } from './index';
import { resolveProduct } from './maker-product';

/** The files of one kind: the product is resolved once through the catalogue, then drawn. */
export async function makeForKind(kind: DocumentKind, subject: DocumentSubject, deps: MakerDeps): Promise<MadeFile[]> {
  const product = await resolveProduct(subject, deps);
  switch (kind.type) {
    default:
      throw new AppError('UNAVAILABLE', `Documents of type ${kind.type} for ${product.model} are not made yet`);
  }
}
