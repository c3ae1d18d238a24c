import type { Lang } from '@lumen/contracts';

/** Company types offered by the qualification form, with their description in every language. */
export const COMPANY_TYPES: ReadonlyArray<{ id: number; code: string; descriptions: Readonly<Record<Lang, string>> }> = [
  {
    id: 1,
    code: 'architecture',
    descriptions: { en: 'Architecture studio', us: 'Architecture firm', fr: "Cabinet d'architecture", de: 'Architekturbüro', it: 'Studio di architettura', es: 'Estudio de arquitectura' },
  },
  {
    id: 2,
    code: 'interior-design',
    descriptions: { en: 'Interior design studio', us: 'Interior design firm', fr: "Studio d'architecture intérieure", de: 'Innenarchitekturbüro', it: 'Studio di interior design', es: 'Estudio de interiorismo' },
  },
  {
    id: 3,
    code: 'lighting-design',
    descriptions: { en: 'Lighting design studio', us: 'Lighting design firm', fr: 'Bureau de conception lumière', de: 'Lichtplanungsbüro', it: 'Studio di progettazione illuminotecnica', es: 'Estudio de diseño de iluminación' },
  },
  {
    id: 4,
    code: 'engineering',
    descriptions: { en: 'Engineering firm', us: 'Engineering firm', fr: "Bureau d'études", de: 'Ingenieurbüro', it: 'Società di ingegneria', es: 'Ingeniería' },
  },
  {
    id: 5,
    code: 'distributor',
    descriptions: { en: 'Distributor', us: 'Distributor', fr: 'Distributeur', de: 'Großhändler', it: 'Distributore', es: 'Distribuidor' },
  },
  {
    id: 6,
    code: 'installer',
    descriptions: { en: 'Installer', us: 'Contractor', fr: 'Installateur', de: 'Elektroinstallateur', it: 'Installatore', es: 'Instalador' },
  },
  {
    id: 7,
    code: 'retailer',
    descriptions: { en: 'Retailer', us: 'Retailer', fr: 'Revendeur', de: 'Einzelhändler', it: 'Rivenditore', es: 'Tienda' },
  },
  {
    id: 8,
    code: 'other',
    descriptions: { en: 'Other', us: 'Other', fr: 'Autre', de: 'Sonstige', it: 'Altro', es: 'Otro' },
  },
];
