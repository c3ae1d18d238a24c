import type { ProjectVersion } from '@lumen/contracts';
import { useTranslation } from 'react-i18next';

/** "Version 2" or "Version 2: Lobby lit warmer": how a version is named everywhere (issue 10 §5). */
export function useVersionLabel() {
  const { t } = useTranslation();
  return (version: Pick<ProjectVersion, 'versionNumber' | 'versionTitle'>) =>
    version.versionTitle
      ? t('projects.versions.itemTitled', { number: version.versionNumber, title: version.versionTitle })
      : t('projects.versions.item', { number: version.versionNumber });
}
