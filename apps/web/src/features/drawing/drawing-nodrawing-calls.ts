import type { Lang, PreconfigSummary } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';
import { preconfigListPath } from '../../shared/flags';

/**
 * The no-drawing configurators' preconfigurations (issue 16 §3): the catalogue's list for the family's
 * collection, on the path the preconfigListWithCache flag chooses (as the catalogue's list reads it).
 * A preconfiguration's space comes with its detail (shared/catalogue-calls loadPreconfig).
 */
export const loadDrawingPreconfigs = createAsyncAction<PreconfigSummary[], { catalogId: number; lang: Lang; subFamilyId: number }>(
  'drawingPreconfigs',
  ({ catalogId, lang, subFamilyId }, { extra }) => extra.api.get<PreconfigSummary[]>(...preconfigListPath(extra.flags), { catalogId, lang, subFamilyId, visibility: 'website' }),
  { showError: false },
);
