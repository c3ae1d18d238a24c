import type { CatalogId } from '../catalogue/catalogue.types';
import type { RuleSet } from '../rules/rule.types';
import type { ArticleCollection } from './article-collection';

/** Feature flags the tree reads (spec §4). */
export interface TreeFlags {
  /** RemoteDriverCP: a composition with remote installations switches its lights to 'M No-driver'. */
  readonly remoteDriverCP?: boolean;
}

/**
 * What tree operations may consult besides the tree: the article collection (options, validation,
 * auto-set), the subfamily's rule sets, the flags and the catalogue. Everything is optional: without
 * articles nothing is auto-set or validated against the catalogue; without rules only the built-in
 * rules (one light per cluster) apply.
 */
export interface TreeContext {
  readonly articles?: ArticleCollection;
  readonly rules?: readonly RuleSet[];
  readonly flags?: TreeFlags;
  readonly catalogId?: CatalogId;
}
