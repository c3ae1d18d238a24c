import type { Lang } from '@lumen/contracts';
import { useTranslation } from 'react-i18next';
import { createAsyncAction } from '../../shared/async-action';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';

/** A collection's designer (GET apiv2 /subfamily/{id}/designer): who drew it, when, and their story in each language. */
export interface CollectionDesignerInfo {
  subFamilyId: number;
  name: string;
  designer: string;
  year: number;
  bio: Record<string, string>;
  image: string;
}

export const loadDesigner = createAsyncAction<CollectionDesignerInfo, { subFamilyId: number; lang: Lang }>(
  'designer',
  ({ subFamilyId, lang }, { extra }) => extra.api.get<CollectionDesignerInfo>('apiv2', `/subfamily/${subFamilyId}/designer`, { lang }),
  // A collection's page is whole without it: nothing said when it cannot be had.
  { showError: false },
);

/**
 * The collection's designer under its page's lead (the models step, where a user meets the
 * collection): "Designed by … (year)" and their story in the interface language, opened on demand.
 */
export function CollectionDesigner({ subFamilyId, lang }: { subFamilyId: number; lang: Lang }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [remote] = useRemote(`${subFamilyId}/${lang}`, () => dispatch(loadDesigner({ subFamilyId, lang })).unwrap());
  if (remote.status !== 'ready') return null;
  const { designer, year, bio } = remote.data;
  const story = bio[lang] ?? bio.en;
  return (
    <div className="catalogue__designer">
      <p>{t('catalogue.designer.by', { designer, year })}</p>
      {story && (
        <details>
          <summary>{t('catalogue.designer.about', { designer })}</summary>
          <p>{story}</p>
        </details>
      )}
    </div>
  );
}
