/**
 * Generates the demo catalogue (data/catalogue.json) deterministically from a seeded PRNG.
 * Run: `npm run catalogue:generate -w @lumen/api` (or `npx tsx src/db/seed/catalogue/generate-catalogue.ts`).
 * The output is checked in; the seed loads it into the database. Re-running gives the same bytes.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addElement,
  type CatalogId,
  createSpace,
  type Drawing,
  DRAWING_FAMILIES,
  drawingToSpace,
  DRIVER_CATALOGUE,
  formatReference,
  type LeadTimeEntry,
  matchesExclusion,
  mergeLeadTimes,
  parseRuleBook,
  type RuleBook,
  type ExclusionCombination,
  parseReference,
  segmentLength,
  spaceToJSON,
  stickModelFor,
} from '@lumen/domain';
import type {
  AccessoryData,
  ArticleRow,
  AttributeValueData,
  CatalogueDataFile,
  CollectionData,
  ConfigData,
  DecisionTreeData,
  ModelData,
  PreconfigData,
  TechnicalExtrasData,
  Texts,
  VariationData,
} from './catalogue-data.types';

// ------------------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32)
// ------------------------------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rng = mulberry32(20261121);
const between = (min: number, max: number): number => min + rng() * (max - min);
const intBetween = (min: number, max: number): number => Math.floor(between(min, max + 1));
const roundTo = (value: number, step: number): number => Math.round(value / step) * step;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

const t = (en: string, us: string, fr: string, de: string, it: string, es: string): Texts => ({ en, us, fr, de, it, es });
const same = (text: string): Texts => t(text, text, text, text, text, text);

// ------------------------------------------------------------------------------------------------
// Dictionaries
// ------------------------------------------------------------------------------------------------

const FINISHES: AttributeValueData[] = [
  { code: '10', ral: 'RAL 9016', thumbnail: '#f4f4f0', description: t('White', 'White', 'Blanc', 'Weiß', 'Bianco', 'Blanco') },
  { code: '05', ral: 'RAL 9005', thumbnail: '#16161a', description: t('Black', 'Black', 'Noir', 'Schwarz', 'Nero', 'Negro') },
  { code: '18', ral: 'RAL 7024', thumbnail: '#474a51', description: t('Graphite', 'Graphite', 'Graphite', 'Graphit', 'Grafite', 'Grafito') },
  { code: '20', ral: 'RAL 1013', thumbnail: '#e8dfc8', description: t('Cream', 'Cream', 'Crème', 'Cremeweiß', 'Crema', 'Crema') },
  { code: '23', ral: 'RAL 3012', thumbnail: '#c6846d', description: t('Terracotta', 'Terra cotta', 'Terre cuite', 'Terrakotta', 'Terracotta', 'Terracota') },
  { code: '37', ral: 'RAL 6021', thumbnail: '#89a57a', description: t('Sage green', 'Sage green', 'Vert sauge', 'Salbeigrün', 'Verde salvia', 'Verde salvia') },
  { code: '58', ral: 'RAL 1036', thumbnail: '#a98b4f', description: t('Brushed brass', 'Brushed brass', 'Laiton brossé', 'Messing gebürstet', 'Ottone spazzolato', 'Latón cepillado') },
  { code: '60', ral: 'RAL 7035', thumbnail: '#cbd0cc', description: t('Light grey', 'Light gray', 'Gris clair', 'Lichtgrau', 'Grigio chiaro', 'Gris claro') },
  { code: 'A1', ral: 'RAL 9006', thumbnail: '#b5b8bb', description: t('Natural anodised aluminium', 'Natural anodized aluminum', 'Aluminium anodisé naturel', 'Aluminium natur eloxiert', 'Alluminio anodizzato naturale', 'Aluminio anodizado natural') },
];

const TEMPERATURES: AttributeValueData[] = [
  { code: '2', value: 2700, description: t('2700K warm white', '2700K warm white', '2700 K blanc chaud', '2700 K Warmweiß', '2700 K bianco caldo', '2700 K blanco cálido') },
  { code: '3', value: 3000, description: t('3000K warm white', '3000K warm white', '3000 K blanc chaud', '3000 K Warmweiß', '3000 K bianco caldo', '3000 K blanco cálido') },
  { code: '5', value: 3500, description: t('3500K neutral white', '3500K neutral white', '3500 K blanc neutre', '3500 K Neutralweiß', '3500 K bianco neutro', '3500 K blanco neutro') },
  { code: '4', value: 4000, description: t('4000K neutral white', '4000K neutral white', '4000 K blanc neutre', '4000 K Neutralweiß', '4000 K bianco neutro', '4000 K blanco neutro') },
  { code: '7', value: 2200, description: t('2200K extra warm', '2200K extra warm', '2200 K très chaud', '2200 K extra warm', '2200 K extra caldo', '2200 K extra cálido') },
  { code: 'D', value: 3000, description: t('Dim to warm 1800–3000K', 'Dim to warm 1800–3000K', 'Dim to warm 1800–3000 K', 'Dim-to-Warm 1800–3000 K', 'Dim to warm 1800–3000 K', 'Dim to warm 1800–3000 K') },
];

const CONTROLS: AttributeValueData[] = [
  { code: '0', description: t('On/off, non-dimmable', 'On/off, non-dimmable', 'On/off, non gradable', 'Ein/Aus, nicht dimmbar', 'On/off, non dimmerabile', 'On/off, no regulable') },
  { code: '1', description: t('Phase-cut dimmable (TRIAC)', 'Phase-cut dimmable (TRIAC)', 'Gradable par coupure de phase (TRIAC)', 'Phasenabschnitt dimmbar (TRIAC)', 'Dimmerabile a taglio di fase (TRIAC)', 'Regulable por corte de fase (TRIAC)') },
  { code: '2', description: t('DALI dimmable', 'DALI dimmable', 'Gradable DALI', 'DALI dimmbar', 'Dimmerabile DALI', 'Regulable DALI') },
  { code: '3', description: t('0-10V dimmable', '0-10V dimmable', 'Gradable 0-10 V', '0-10 V dimmbar', 'Dimmerabile 0-10 V', 'Regulable 0-10 V') },
  { code: 'M', description: t('No driver (remote driver)', 'No driver (remote driver)', 'Sans driver (driver déporté)', 'Ohne Treiber (externer Treiber)', 'Senza driver (driver remoto)', 'Sin driver (driver remoto)') },
];

const INSTALLATIONS: AttributeValueData[] = [
  { code: '00', description: t('Standard', 'Standard', 'Standard', 'Standard', 'Standard', 'Estándar') },
  { code: '10', description: t('Surface canopy', 'Surface canopy', 'Rosace en saillie', 'Aufbau-Baldachin', 'Rosone a plafone', 'Florón de superficie') },
  { code: '31', description: t('Micro canopy, recessed in plasterboard', 'Micro canopy, recessed in drywall', 'Micro rosace encastrée dans le plaque de plâtre', 'Mikro-Baldachin, in Gipskarton eingelassen', 'Micro rosone a incasso in cartongesso', 'Microflorón empotrado en pladur') },
  { code: '32', description: t('XXS canopy, recessed', 'XXS canopy, recessed', 'Rosace XXS encastrée', 'XXS-Baldachin, eingelassen', 'Rosone XXS a incasso', 'Florón XXS empotrado') },
  { code: '18', description: t('Free wire', 'Free wire', 'Câble libre', 'Freies Kabel', 'Cavo libero', 'Cable libre') },
  { code: '20', description: t('Wall bracket', 'Wall bracket', 'Fixation murale', 'Wandhalterung', 'Staffa a parete', 'Soporte de pared') },
  { code: '50', description: t('Ground spike', 'Ground spike', 'Piquet de sol', 'Erdspieß', 'Picchetto da terreno', 'Pica de suelo') },
  { code: '51', description: t('Anchor plate', 'Anchor plate', 'Platine d’ancrage', 'Ankerplatte', 'Piastra di ancoraggio', 'Placa de anclaje') },
  { code: '60', description: t('Track adapter', 'Track adapter', 'Adaptateur pour rail', 'Stromschienenadapter', 'Adattatore per binario', 'Adaptador de carril') },
];

const CATEGORIES = [
  { id: 17, description: t('Wall', 'Wall', 'Applique', 'Wandleuchte', 'Applique', 'Aplique') },
  { id: 18, description: t('Bathroom', 'Bathroom', 'Salle de bains', 'Badezimmer', 'Bagno', 'Baño') },
  { id: 19, description: t('Pendant', 'Pendant', 'Suspension', 'Pendelleuchte', 'Sospensione', 'Colgante') },
  { id: 20, description: t('Floor', 'Floor', 'Lampadaire', 'Stehleuchte', 'Lampada da terra', 'Lámpara de pie') },
  { id: 21, description: t('Ceiling', 'Ceiling', 'Plafonnier', 'Deckenleuchte', 'Plafoniera', 'Plafón') },
  { id: 22, description: t('Outdoor', 'Outdoor', 'Extérieur', 'Außenleuchte', 'Esterno', 'Exterior') },
  { id: 23, description: t('Table', 'Table', 'Lampe à poser', 'Tischleuchte', 'Lampada da tavolo', 'Sobremesa') },
  { id: 24, description: t('Toolkit', 'Toolkit', 'Kit technique', 'Technik-Kit', 'Kit tecnico', 'Kit técnico') },
  { id: 25, description: t('Wall pendant', 'Wall pendant', 'Suspension murale', 'Wandpendelleuchte', 'Sospensione a parete', 'Colgante de pared') },
  { id: 26, description: t('Ceiling and pendant', 'Ceiling and pendant', 'Plafonnier et suspension', 'Decken- und Pendelleuchte', 'Plafoniera e sospensione', 'Plafón y colgante') },
  { id: 27, description: t('Wall and ceiling', 'Wall and ceiling', 'Applique et plafonnier', 'Wand- und Deckenleuchte', 'Parete e soffitto', 'Aplique y plafón') },
  { id: 28, description: t('Floor and wall', 'Floor and wall', 'Lampadaire et applique', 'Steh- und Wandleuchte', 'Terra e parete', 'Pie y aplique') },
];

/** Type word of a model per category, and whether it precedes the collection name in the language. */
const TYPE_WORD: Record<number, Texts> = {
  17: t('wall light', 'sconce', 'Applique', 'Wandleuchte', 'Applique', 'Aplique'),
  18: t('bathroom wall light', 'bathroom sconce', 'Applique de salle de bains', 'Badleuchte', 'Applique da bagno', 'Aplique de baño'),
  19: t('pendant', 'pendant', 'Suspension', 'Pendelleuchte', 'Sospensione', 'Colgante'),
  20: t('floor lamp', 'floor lamp', 'Lampadaire', 'Stehleuchte', 'Lampada da terra', 'Lámpara de pie'),
  21: t('ceiling light', 'ceiling light', 'Plafonnier', 'Deckenleuchte', 'Plafoniera', 'Plafón'),
  22: t('outdoor light', 'outdoor light', 'Luminaire d’extérieur', 'Außenleuchte', 'Lampada da esterno', 'Luminaria de exterior'),
  23: t('table lamp', 'table lamp', 'Lampe à poser', 'Tischleuchte', 'Lampada da tavolo', 'Lámpara de sobremesa'),
  24: t('track spotlight', 'track light', 'Projecteur sur rail', 'Stromschienenstrahler', 'Proiettore a binario', 'Proyector de carril'),
  25: t('wall pendant', 'wall pendant', 'Suspension murale', 'Wandpendelleuchte', 'Sospensione a parete', 'Colgante de pared'),
  26: t('ceiling pendant', 'ceiling pendant', 'Suspension plafonnier', 'Deckenpendelleuchte', 'Sospensione a soffitto', 'Colgante de techo'),
  27: t('wall and ceiling light', 'wall and ceiling light', 'Applique et plafonnier', 'Wand- und Deckenleuchte', 'Lampada da parete e soffitto', 'Aplique y plafón'),
  28: t('floor and wall light', 'floor and wall light', 'Lampadaire et applique', 'Steh- und Wandleuchte', 'Lampada da terra e parete', 'Lámpara de pie y aplique'),
};

const APPLICATION_LOCATIONS = [
  { id: 11, applicationId: 1, locationId: 1, description: t('Indoor · ceiling', 'Indoor · ceiling', 'Intérieur · plafond', 'Innen · Decke', 'Interno · soffitto', 'Interior · techo') },
  { id: 12, applicationId: 1, locationId: 2, description: t('Indoor · wall', 'Indoor · wall', 'Intérieur · mur', 'Innen · Wand', 'Interno · parete', 'Interior · pared') },
  { id: 13, applicationId: 1, locationId: 3, description: t('Indoor · floor', 'Indoor · floor', 'Intérieur · sol', 'Innen · Boden', 'Interno · pavimento', 'Interior · suelo') },
  { id: 14, applicationId: 1, locationId: 4, description: t('Indoor · table', 'Indoor · table', 'Intérieur · table', 'Innen · Tisch', 'Interno · tavolo', 'Interior · mesa') },
  { id: 15, applicationId: 1, locationId: 5, description: t('Indoor · suspended', 'Indoor · suspended', 'Intérieur · suspendu', 'Innen · abgehängt', 'Interno · sospeso', 'Interior · suspendido') },
  { id: 16, applicationId: 1, locationId: 6, description: t('Indoor · track', 'Indoor · track', 'Intérieur · rail', 'Innen · Stromschiene', 'Interno · binario', 'Interior · carril') },
  { id: 21, applicationId: 2, locationId: 1, description: t('Outdoor · ceiling', 'Outdoor · ceiling', 'Extérieur · plafond', 'Außen · Decke', 'Esterno · soffitto', 'Exterior · techo') },
  { id: 22, applicationId: 2, locationId: 2, description: t('Outdoor · wall', 'Outdoor · wall', 'Extérieur · mur', 'Außen · Wand', 'Esterno · parete', 'Exterior · pared') },
  { id: 23, applicationId: 2, locationId: 3, description: t('Outdoor · floor', 'Outdoor · floor', 'Extérieur · sol', 'Außen · Boden', 'Esterno · pavimento', 'Exterior · suelo') },
  { id: 31, applicationId: 3, locationId: 2, description: t('Bathroom · wall', 'Bathroom · wall', 'Salle de bains · mur', 'Bad · Wand', 'Bagno · parete', 'Baño · pared') },
];

const PRODUCT_TYPES = { REGULAR: 1, SPECIFIC_PLAYER: 2, MODULAR: 3, LG2: 4, VIRTUAL: 5, TOOLKIT: 6, COMPOSING_PENDANTS: 7 } as const;
const CONFIGURATORS = { CREA: 1, DRAWING: 2, NODRAWING: 3, EXPRESS: 4, COMPOSITOR: 5, ATTRIBUTES_CONFIGURATOR: 6 } as const;
const nameOf = <T extends Record<string, number>>(table: T, id: number): string => Object.keys(table).find((key) => table[key] === id) ?? String(id);

// ------------------------------------------------------------------------------------------------
// Collections and models
// ------------------------------------------------------------------------------------------------

interface CollectionSpec {
  subFamilyId: number;
  name: string;
  familyId: number;
  familyName: string;
  productType: number;
  configurator: number;
  designer: string;
  year: number;
  catalogs: CatalogId[];
  tagline: Texts;
  finishes: string[];
  temps: string[];
  usTemps: string[];
  installs: string[];
  hasRules: boolean;
  hasAccessories: boolean;
  /** [model, category, application location, size label, virtual, pendant] */
  models: Array<[string, number, number, string, boolean?]>;
  lumens: [number, number];
  watts: [number, number];
  pendant: boolean;
}

const COLLECTIONS: CollectionSpec[] = [
  {
    subFamilyId: 219, name: 'Sticks', familyId: 19, familyName: 'sticks', productType: PRODUCT_TYPES.MODULAR, configurator: CONFIGURATORS.DRAWING,
    designer: 'Marta Ibarz', year: 2021, catalogs: [16, 21],
    tagline: t('Slender linear pendants drawn stick by stick.', 'Slender linear pendants drawn stick by stick.', 'De fines suspensions linéaires, dessinées bâton par bâton.', 'Schlanke lineare Pendel, Stab für Stab gezeichnet.', 'Sottili sospensioni lineari, disegnate bastone dopo bastone.', 'Finos colgantes lineales que se dibujan varilla a varilla.'),
    finishes: ['05', '10', '58', '18'], temps: ['3', '2', '7'], usTemps: ['3', '2', '5'], installs: ['10', '31', '32'], hasRules: true, hasAccessories: true,
    models: [['7460', 19, 15, 'L 60'], ['7470', 19, 15, 'L 90'], ['7475', 26, 15, 'L 120'], ['2355', 19, 15, 'L 150']], lumens: [900, 2600], watts: [8, 24], pendant: true,
  },
  {
    subFamilyId: 225, name: 'Plusminus', familyId: 19, familyName: 'plusminus', productType: PRODUCT_TYPES.MODULAR, configurator: CONFIGURATORS.DRAWING,
    designer: 'Diez Office', year: 2019, catalogs: [16, 21],
    tagline: t('A system of textile cables and lights that draws the ceiling.', 'A system of textile cables and lights that draws the ceiling.', 'Un système de câbles textiles et de lumières qui dessine le plafond.', 'Ein System aus Textilkabeln und Leuchten, das die Decke zeichnet.', 'Un sistema di cavi tessili e luci che disegna il soffitto.', 'Un sistema de cables textiles y luces que dibuja el techo.'),
    finishes: ['10', '05', '23', '37', '60'], temps: ['2', '3'], usTemps: ['3', '2'], installs: ['10', '31', '18'], hasRules: true, hasAccessories: true,
    models: [['5520', 19, 15, 'Ø 15'], ['5525', 19, 15, 'Ø 25'], ['7450', 26, 11, 'Module 1'], ['7455', 26, 11, 'Module 2'], ['2299', 19, 15, 'Set', true]], lumens: [600, 1800], watts: [6, 17], pendant: true,
  },
  {
    subFamilyId: 259, name: 'Multiple', familyId: 26, familyName: 'multiple', productType: PRODUCT_TYPES.COMPOSING_PENDANTS, configurator: CONFIGURATORS.COMPOSITOR,
    designer: 'Studio Lumen', year: 2023, catalogs: [16, 21],
    tagline: t('Compose clusters of pendants from one canopy.', 'Compose clusters of pendants from one canopy.', 'Composez des grappes de suspensions depuis une seule rosace.', 'Pendelgruppen aus einem Baldachin komponieren.', 'Componi grappoli di sospensioni da un unico rosone.', 'Compón racimos de colgantes desde un solo florón.'),
    finishes: ['10', '05', '58', '23'], temps: ['2', '3'], usTemps: ['3', '2'], installs: ['10', '32', '31'], hasRules: true, hasAccessories: true,
    models: [['5770', 26, 15, '3 heads'], ['5772', 26, 15, '5 heads'], ['5774', 26, 15, '7 heads'], ['5799', 26, 15, 'Composition', true]], lumens: [1500, 5200], watts: [14, 48], pendant: true,
  },
  {
    subFamilyId: 234, name: 'North', familyId: 20, familyName: 'north', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Arne Solberg', year: 2020, catalogs: [16, 21],
    tagline: t('A lantern of the north, for gardens and living rooms.', 'A lantern of the north, for gardens and living rooms.', 'Une lanterne du nord, pour le jardin et le salon.', 'Eine Laterne des Nordens, für Garten und Wohnzimmer.', 'Una lanterna del nord, per giardini e soggiorni.', 'Un farol del norte, para jardines y salones.'),
    finishes: ['18', '05', '10', '23'], temps: ['3', '2'], usTemps: ['3', '2'], installs: ['00', '50', '51'], hasRules: true, hasAccessories: true,
    models: [['5660', 20, 13, 'H 135'], ['5662', 28, 23, 'H 75'], ['5664', 22, 22, 'Wall']], lumens: [700, 1900], watts: [7, 18], pendant: false,
  },
  {
    subFamilyId: 244, name: 'Algorithm', familyId: 19, familyName: 'algorithm', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.ATTRIBUTES_CONFIGURATOR,
    designer: 'Ana Quintela', year: 2022, catalogs: [16, 21],
    tagline: t('Discs of light stacked by a simple rule.', 'Discs of light stacked by a simple rule.', 'Des disques de lumière empilés selon une règle simple.', 'Lichtscheiben, nach einer einfachen Regel gestapelt.', 'Dischi di luce impilati secondo una regola semplice.', 'Discos de luz apilados con una regla sencilla.'),
    finishes: ['20', '10', '23', '37'], temps: ['2', '3'], usTemps: ['2', '3'], installs: ['10', '31'], hasRules: true, hasAccessories: true,
    models: [['0820', 19, 15, 'Ø 45'], ['0920', 19, 15, 'Ø 60']], lumens: [1400, 3200], watts: [13, 29], pendant: true,
  },
  {
    subFamilyId: 301, name: 'Skan', familyId: 27, familyName: 'skan', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Lærke Holm', year: 2018, catalogs: [16, 21],
    tagline: t('Soft cones of light for walls and ceilings.', 'Soft cones of light for walls and ceilings.', 'De doux cônes de lumière pour murs et plafonds.', 'Weiche Lichtkegel für Wände und Decken.', 'Morbidi coni di luce per pareti e soffitti.', 'Suaves conos de luz para paredes y techos.'),
    finishes: ['10', '05', '18', '58'], temps: ['3', '2', '4', 'D'], usTemps: ['3', '2', '5'], installs: ['00', '10'], hasRules: true, hasAccessories: true,
    models: [['0270', 17, 12, 'Ø 12'], ['0345', 21, 11, 'Ø 30'], ['0361', 27, 12, 'Ø 45']], lumens: [500, 2400], watts: [5, 22], pendant: false,
  },
  {
    subFamilyId: 302, name: 'Wireflow', familyId: 19, familyName: 'wireflow', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.CREA,
    designer: 'Arik Levy', year: 2016, catalogs: [16, 21],
    tagline: t('Lines of light that draw volumes in the air.', 'Lines of light that draw volumes in the air.', 'Des lignes de lumière qui dessinent des volumes dans l’air.', 'Lichtlinien, die Volumen in den Raum zeichnen.', 'Linee di luce che disegnano volumi nell’aria.', 'Líneas de luz que dibujan volúmenes en el aire.'),
    finishes: ['05', '10'], temps: ['2', '3'], usTemps: ['2', '3'], installs: ['10', '31', '32'], hasRules: true, hasAccessories: true,
    models: [['2350', 19, 15, '6 lights'], ['2351', 19, 15, '9 lights']], lumens: [1800, 4200], watts: [18, 38], pendant: true,
  },
  {
    subFamilyId: 303, name: 'Meridian', familyId: 21, familyName: 'meridian', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Clara Moreau', year: 2024, catalogs: [16, 21],
    tagline: t('Large textile shades with a calm, even glow.', 'Large textile shades with a calm, even glow.', 'De grands abat-jour textiles à la lumière calme et uniforme.', 'Große Textilschirme mit ruhigem, gleichmäßigem Licht.', 'Grandi paralumi tessili dalla luce calma e uniforme.', 'Grandes pantallas textiles de luz serena y uniforme.'),
    finishes: ['20', '60', '18'], temps: ['2', '3', '7'], usTemps: ['2', '3'], installs: ['10', '31'], hasRules: true, hasAccessories: true,
    models: [['5935', 21, 11, 'Ø 80'], ['6160', 26, 11, 'Ø 100'], ['6165', 26, 11, 'Ø 120']], lumens: [3000, 7800], watts: [28, 70], pendant: true,
  },
  {
    subFamilyId: 304, name: 'Punto', familyId: 24, familyName: 'punto', productType: PRODUCT_TYPES.TOOLKIT, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Studio Lumen', year: 2022, catalogs: [16, 21],
    tagline: t('Compact spotlights for tracks and canopies.', 'Compact spotlights for tracks and canopies.', 'Des spots compacts pour rails et rosaces.', 'Kompakte Strahler für Schienen und Baldachine.', 'Faretti compatti per binari e rosoni.', 'Focos compactos para carriles y florones.'),
    finishes: ['05', '10', 'A1'], temps: ['3', '4', '2'], usTemps: ['3', '5', '2'], installs: ['60', '10'], hasRules: true, hasAccessories: true,
    models: [['3235', 24, 16, 'Ø 55'], ['5730', 21, 11, 'Ø 85'], ['8010', 24, 16, 'Track 1 m'], ['8015', 24, 16, 'Track 2 m', true]], lumens: [650, 2100], watts: [6, 19], pendant: false,
  },
  {
    subFamilyId: 305, name: 'Lumo', familyId: 18, familyName: 'lumo', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Inés Calvo', year: 2025, catalogs: [16],
    tagline: t('Opal glass for the bathroom mirror, IP44.', 'Opal glass for the bathroom mirror, IP44.', 'Du verre opale pour le miroir de la salle de bains, IP44.', 'Opalglas für den Badspiegel, IP44.', 'Vetro opale per lo specchio del bagno, IP44.', 'Vidrio opal para el espejo del baño, IP44.'),
    finishes: ['10', 'A1', '05'], temps: ['3', '4'], usTemps: ['3'], installs: ['00'], hasRules: true, hasAccessories: false,
    models: [['1010', 18, 31, 'L 40'], ['1015', 18, 31, 'L 60']], lumens: [800, 1600], watts: [8, 15], pendant: false,
  },
  {
    subFamilyId: 306, name: 'Tessa', familyId: 23, familyName: 'tessa', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Giulia Ferri', year: 2023, catalogs: [16, 21],
    tagline: t('A portable table lamp with a woven shade.', 'A portable table lamp with a woven shade.', 'Une lampe à poser nomade à l’abat-jour tissé.', 'Eine kabellose Tischleuchte mit geflochtenem Schirm.', 'Una lampada da tavolo portatile con paralume intrecciato.', 'Una lámpara de sobremesa portátil con pantalla trenzada.'),
    finishes: ['20', '23', '37', '05'], temps: ['7', '2'], usTemps: ['2'], installs: ['00'], hasRules: false, hasAccessories: true,
    models: [['4010', 23, 14, 'H 32'], ['4015', 23, 14, 'H 48']], lumens: [250, 600], watts: [3, 6], pendant: false,
  },
  {
    subFamilyId: 307, name: 'Brisa', familyId: 22, familyName: 'brisa', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Jordi Puig', year: 2021, catalogs: [16, 21],
    tagline: t('Outdoor bollards and wall lights cast in aluminium.', 'Outdoor bollards and wall lights cast in aluminum.', 'Bornes et appliques d’extérieur en aluminium moulé.', 'Poller und Wandleuchten aus Aluminiumguss für außen.', 'Paletti e applique da esterno in alluminio pressofuso.', 'Balizas y apliques de exterior de aluminio fundido.'),
    finishes: ['18', '05', '23'], temps: ['3', '2', '4'], usTemps: ['3', '2'], installs: ['51', '50', '20'], hasRules: true, hasAccessories: true,
    models: [['4510', 22, 23, 'H 45'], ['4515', 22, 23, 'H 90'], ['4520', 22, 22, 'Wall']], lumens: [400, 1500], watts: [5, 14], pendant: false,
  },
  {
    subFamilyId: 308, name: 'Nómada', familyId: 20, familyName: 'nomada', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Marta Ibarz', year: 2020, catalogs: [16, 21],
    tagline: t('A floor lamp that leans where the light is needed.', 'A floor lamp that leans where the light is needed.', 'Un lampadaire qui se penche là où il faut de la lumière.', 'Eine Stehleuchte, die sich dorthin neigt, wo Licht gebraucht wird.', 'Una lampada da terra che si inclina dove serve la luce.', 'Una lámpara de pie que se inclina donde hace falta luz.'),
    finishes: ['05', '10', '58'], temps: ['2', '3'], usTemps: ['2', '3'], installs: ['00'], hasRules: true, hasAccessories: true,
    models: [['3810', 20, 13, 'H 150'], ['3815', 20, 13, 'H 180']], lumens: [1200, 2800], watts: [11, 26], pendant: false,
  },
  {
    subFamilyId: 309, name: 'Cala', familyId: 25, familyName: 'cala', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Inés Calvo', year: 2024, catalogs: [16, 21],
    tagline: t('A glass drop hung from a slim wall arm.', 'A glass drop hung from a slim wall arm.', 'Une goutte de verre suspendue à un bras mural fin.', 'Ein Glastropfen an einem schlanken Wandarm.', 'Una goccia di vetro appesa a un sottile braccio a parete.', 'Una gota de vidrio colgada de un fino brazo de pared.'),
    finishes: ['58', '05', '10'], temps: ['2', '7'], usTemps: ['2'], installs: ['20'], hasRules: true, hasAccessories: true,
    models: [['6410', 25, 12, 'Ø 18'], ['6415', 25, 12, 'Ø 26']], lumens: [350, 900], watts: [4, 9], pendant: false,
  },
  {
    subFamilyId: 311, name: 'Dune', familyId: 27, familyName: 'dune', productType: PRODUCT_TYPES.REGULAR, configurator: CONFIGURATORS.EXPRESS,
    designer: 'Clara Moreau', year: 2022, catalogs: [16, 21],
    tagline: t('Soft sculpted plaster for walls and ceilings.', 'Soft sculpted plaster for walls and ceilings.', 'Du plâtre sculpté tout en douceur pour murs et plafonds.', 'Weich modellierter Gips für Wände und Decken.', 'Gesso scolpito morbido per pareti e soffitti.', 'Escayola esculpida para paredes y techos.'),
    finishes: ['10', '20', '23'], temps: ['2', '3', '4'], usTemps: ['2', '3'], installs: ['00', '10'], hasRules: true, hasAccessories: true,
    models: [['6710', 27, 12, 'S'], ['6715', 27, 11, 'M'], ['6720', 21, 11, 'L']], lumens: [600, 2000], watts: [6, 18], pendant: false,
  },
];

// ------------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------------

function describeModel(spec: CollectionSpec, category: number, size: string): Texts {
  const word = TYPE_WORD[category] ?? TYPE_WORD[19]!;
  const label = sizeLabel(size);
  return {
    en: `${spec.name} ${word.en} ${label.en}`,
    us: `${spec.name} ${word.us} ${label.us}`,
    fr: `${word.fr} ${spec.name} ${label.fr}`,
    de: `${spec.name} ${word.de} ${label.de}`,
    it: `${word.it} ${spec.name} ${label.it}`,
    es: `${word.es} ${spec.name} ${label.es}`,
  };
}

/**
 * A size label in each language (issue 28 §5: no English words in the other languages): the words of
 * "Wall", "3 heads", "6 lights", "Module 1", "Set", "Composition" and "Track 2 m" are translated;
 * Ø, L, H and S/M/L sizes read the same everywhere. dimensionsOf still reads the English label.
 */
function sizeLabel(size: string): Texts {
  const heads = /^(\d+) heads$/.exec(size);
  if (heads) return t(`${heads[1]} heads`, `${heads[1]} heads`, `${heads[1]} têtes`, `${heads[1]} Köpfe`, `${heads[1]} teste`, `${heads[1]} cabezas`);
  const lights = /^(\d+) lights$/.exec(size);
  if (lights) return t(`${lights[1]} lights`, `${lights[1]} lights`, `${lights[1]} points lumineux`, `${lights[1]} Leuchtpunkte`, `${lights[1]} luci`, `${lights[1]} luces`);
  const module = /^Module (\d+)$/.exec(size);
  if (module) return t(`Module ${module[1]}`, `Module ${module[1]}`, `module ${module[1]}`, `Modul ${module[1]}`, `modulo ${module[1]}`, `módulo ${module[1]}`);
  const track = /^Track (\d+) m$/.exec(size);
  if (track) return t(`Track ${track[1]} m`, `Track ${track[1]} m`, `rail ${track[1]} m`, `Schiene ${track[1]} m`, `binario ${track[1]} m`, `carril ${track[1]} m`);
  if (size === 'Wall') return t('for walls', 'for walls', 'mural', 'für die Wand', 'a parete', 'de pared');
  if (size === 'Set') return t('set', 'set', 'ensemble', 'Set', 'kit', 'conjunto');
  if (size === 'Composition') return t('composition', 'composition', 'composition', 'Komposition', 'composizione', 'composición');
  return same(size);
}

const money = (value: number): string => value.toFixed(2);

/**
 * A model's dimensions (cm) as its type and size label make them plausible: Ø, L and H labels are
 * the diameter, length and height (in millimetres for the spotlights of a toolkit), "6 lights" or
 * "3 heads" the light sources of a cluster, "Track 2 m" a track with three spotlights a metre;
 * `draws` (0–1) choose within the type's range. The pictures are drawn from these (issue 10 §11).
 */
function dimensionsOf(spec: CollectionSpec, category: number, label: string, draws: [number, number, number]): { width: number; height: number; depth: number; lightSources?: number } {
  const [a, b, c] = draws;
  const within = (u: number, min: number, max: number): number => min + u * (max - min);
  const half = (value: number): number => Math.max(0.5, roundTo(value, 0.5));
  const number = Number(/\d+/.exec(label)?.[0] ?? Number.NaN);
  const inMillimetres = spec.productType === PRODUCT_TYPES.TOOLKIT;
  const diameter = label.startsWith('Ø') ? (inMillimetres ? number / 10 : number) : undefined;
  const length = label.startsWith('L ') ? number : undefined;
  const tall = label.startsWith('H ') ? number : undefined;
  const heads = /^(\d+) (?:heads|lights)$/.exec(label);
  const track = /^Track (\d+) m$/.exec(label);
  const size = (width: number, height: number, depth: number, lightSources?: number) => ({
    width: half(width),
    height: half(height),
    depth: half(depth),
    ...(lightSources !== undefined ? { lightSources } : {}),
  });
  switch (category) {
    case 17:
      return size(diameter ?? within(a, 14, 30), diameter ?? within(b, 18, 40), within(c, 8, 18));
    case 18:
      return size(length ?? within(a, 40, 60), within(b, 4, 7), within(c, 5, 9));
    case 19:
    case 26: {
      if (heads) {
        const count = Number(heads[1]);
        return size(20 + count * 10 + within(a, -5, 5), within(b, 14, 22), 20 + count * 10, count);
      }
      if (length !== undefined) return size(length, within(b, 2.5, 5), within(c, 2.5, 5));
      if (diameter !== undefined) return size(diameter, diameter * within(b, 0.35, 1), diameter);
      if (label.startsWith('Module')) {
        const width = within(a, 16, 26);
        return size(width, within(b, 10, 20), width);
      }
      const width = within(a, 30, 60);
      return size(width, within(b, 20, 45), width);
    }
    case 20: {
      const width = within(a, 30, 50);
      return size(width, tall ?? within(b, 130, 180), width);
    }
    case 21: {
      const width = diameter ?? within(a, 30, 60);
      return size(width, width < 15 ? width * within(b, 1, 1.6) : width * within(b, 0.12, 0.3), width);
    }
    case 22: {
      if (tall === undefined) return size(within(a, 12, 18), within(b, 20, 30), within(c, 10, 16));
      const width = within(a, 14, 22);
      return size(width, tall, width);
    }
    case 23: {
      const height = tall ?? within(b, 30, 50);
      const width = height * within(a, 0.55, 0.8);
      return size(width, height, width);
    }
    case 24: {
      if (track) return size(Number(track[1]) * 100, within(b, 12, 16), 3.5, Number(track[1]) * 3);
      const width = diameter ?? within(a, 5, 9);
      return size(width, within(b, 10, 16), width);
    }
    case 25:
      return size(diameter ?? within(a, 15, 25), within(b, 40, 60), within(c, 30, 45));
    case 27: {
      const width = diameter ?? ({ S: 25, M: 35, L: 48 } as Record<string, number>)[label] ?? within(a, 25, 45);
      return size(width, within(b, 8, 14), width);
    }
    case 28: {
      const width = within(a, 22, 30);
      return size(width, tall ?? within(b, 60, 120), width);
    }
    default:
      return size(within(a, 20, 60), within(b, 20, 60), within(c, 10, 40));
  }
}

/**
 * The generator drew the catalogue's pictures from its random sequence; the api now draws them
 * from each model's data (src/modules/images). These draws keep every later value of the sequence
 * (prices, activity, dates) where it was.
 */
function skipRetiredPictureDraws(category: number): void {
  const byShape = [19, 21, 23, 24, 25, 26, 27].includes(category) ? 1 : [20, 22, 28].includes(category) ? 0 : 2;
  for (let draw = 0; draw < 3 + byShape; draw += 1) rng();
}

/** Controls a model offers per catalogue: from its driver catalogue when it has one. */
function controlsFor(model: string, catalogId: CatalogId, installs: readonly string[]): string[] {
  const lists = DRIVER_CATALOGUE[model];
  const remote = installs.some((code) => code.startsWith('3'));
  const name = catalogId === 21 ? 'usa' : 'row';
  if (lists && lists.length > 0) {
    const list = lists.find((item) => item.catalogue === name);
    const codes = new Set<string>();
    for (const entry of list?.entries ?? []) for (const code of Object.keys(entry.drivers)) codes.add(code);
    return ['0', '1', '2', '3', 'M'].filter((code) => codes.has(code) && (code !== 'M' || remote));
  }
  if (lists && lists.length === 0) return ['M'];
  return catalogId === 21 ? ['0', '3'] : ['0', '1', '2'];
}

/**
 * The technical data a manufacturer's sheet carries beyond flux and watts (issue 28 §1, §2, §5), made
 * up for the demo consistently and without a draw of the PRNG (the rest of the data keeps its bytes):
 * - `optic`: the distribution's shape: wall lights (the outdoor "Wall" models, wall, bathroom and wall
 *   pendant categories) aim away from the wall, the Sticks are linear (batwing), the rest symmetric.
 * - `eprel`: the EPREL registration numbers of the model's light source (EU 2019/2015), one per driver
 *   placement it is sold in: `builtIn` = 2 000 000 + 10 × model + 1, `remote` = … + 2 (made up: the
 *   demo has no real registrations; the label's QR points to https://eprel.ec.europa.eu/qr/<number>).
 * - protection class I outdoors (earthed die-cast bodies), II indoors (class III when the driver is
 *   remote: SELV, decided per product in the documents); IK08 outdoors, IK02 indoors; SDCM 2 at
 *   CRI ≥ 93, else 3; lifetime 50 000 h L80 B10 (outdoor 60 000 h); UGR for ceiling and recessed
 *   downlights only (< 19 below a 60° beam, < 22 otherwise); certifications per catalogue.
 */
function technicalExtras(
  model: string,
  spec: CollectionSpec,
  category: number,
  size: string,
  options: ModelData['options'],
  technical: { cri: number; beamAngle: number },
): TechnicalExtrasData {
  const controls = new Set(Object.values(options).flatMap((option) => option?.control ?? []));
  const wall = size === 'Wall' || category === 17 || category === 18 || category === 25;
  const outdoor = category === 22;
  const number = 2_000_000 + 10 * Number(model);
  return {
    optic: wall ? 'wall' : spec.subFamilyId === 219 ? 'linear' : 'symmetric',
    eprel: {
      ...([...controls].some((code) => code !== 'M') ? { builtIn: String(number + 1) } : {}),
      ...(controls.has('M') ? { remote: String(number + 2) } : {}),
    },
    protectionClass: outdoor ? 'I' : 'II',
    ikRating: outdoor ? 'IK08' : 'IK02',
    sdcm: technical.cri >= 93 ? 2 : 3,
    lifetime: { hours: outdoor ? 60000 : 50000, lumenMaintenance: 80, failureFraction: 10 },
    ugr: category === 21 || category === 26 ? (technical.beamAngle < 60 ? 19 : 22) : null,
    certifications: [...(spec.catalogs.includes(16) ? ['CE', 'UKCA'] : []), ...(spec.catalogs.includes(21) ? ['cULus'] : [])],
  };
}

const LEADTIME_PROFILES: LeadTimeEntry[][] = [
  [{ from: 1, weeks: 2 }, { from: 25, weeks: 4 }, { from: 100, weeks: 7 }],
  [{ from: 1, weeks: 3 }, { from: 20, weeks: 5 }, { from: 80, weeks: 8 }],
  [{ from: 1, weeks: 4 }, { from: 50, weeks: 6 }, { from: 200, weeks: 10 }],
  [{ from: 1, weeks: 6 }, { from: 30, weeks: 9 }],
];

const leadtimeTable: LeadTimeEntry[][] = [];
function leadtimeIndex(entries: LeadTimeEntry[]): number {
  const key = JSON.stringify(entries);
  const found = leadtimeTable.findIndex((item) => JSON.stringify(item) === key);
  if (found >= 0) return found;
  leadtimeTable.push(entries);
  return leadtimeTable.length - 1;
}

/** The rules' reasons: `reason` (the engine's 'Rule failed: {reason}') and the six languages the configurator shows beside an option. */
const reasonOf = (texts: Texts): { reason: string; reasons: Texts } => ({ reason: texts.en, reasons: texts });
const REASONS = {
  'brass-dali': reasonOf(
    t(
      'Brushed brass is not made with a DALI driver',
      'Brushed brass is not made with a DALI driver',
      'Le laiton brossé n’existe pas avec un driver DALI',
      'Messing gebürstet gibt es nicht mit DALI-Treiber',
      'L’ottone spazzolato non è disponibile con driver DALI',
      'El latón cepillado no se fabrica con driver DALI',
    ),
  ),
  'terracotta-cool': reasonOf(
    t(
      'Terracotta is made in warm white only',
      'Terra cotta is made in warm white only',
      'La terre cuite n’existe qu’en blanc chaud',
      'Terrakotta gibt es nur in Warmweiß',
      'La terracotta è disponibile solo in bianco caldo',
      'La terracota solo se fabrica en blanco cálido',
    ),
  ),
  'dim-to-warm-control': reasonOf(
    t(
      'Dim to warm needs a phase-cut or DALI driver',
      'Dim to warm needs a phase-cut or DALI driver',
      'Le dim to warm demande un driver à coupure de phase ou DALI',
      'Dim-to-Warm braucht einen Phasenabschnitt- oder DALI-Treiber',
      'Il dim to warm richiede un driver a taglio di fase o DALI',
      'El dim to warm necesita un driver de corte de fase o DALI',
    ),
  ),
  'remote-driver': reasonOf(
    t(
      'A remote driver needs a recessed canopy',
      'A remote driver needs a recessed canopy',
      'Un driver déporté demande une rosace encastrée',
      'Ein externer Treiber braucht einen eingelassenen Baldachin',
      'Un driver remoto richiede un rosone a incasso',
      'Un driver remoto necesita un florón empotrado',
    ),
  ),
  'max-clusters': reasonOf(
    t(
      'A composition holds at most 24 canopies',
      'A composition holds at most 24 canopies',
      'Une composition compte au plus 24 rosaces',
      'Eine Komposition fasst höchstens 24 Baldachine',
      'Una composizione comprende al massimo 24 rosoni',
      'Una composición admite como máximo 24 florones',
    ),
  ),
  discontinued: reasonOf(
    t(
      'This combination is no longer made',
      'This combination is no longer made',
      'Cette combinaison n’est plus fabriquée',
      'Diese Kombination wird nicht mehr hergestellt',
      'Questa combinazione non è più prodotta',
      'Esta combinación ya no se fabrica',
    ),
  ),
};

/**
 * The rule set of a model's discontinued combinations: their articles stay in the catalogue,
 * inactive, and the rules say so, so that a configurator never offers what cannot be ordered.
 */
function discontinuedRuleSet(spec: CollectionSpec, model: string, combinations: ExclusionCombination[]): RuleBook['ruleSets'][number] {
  return {
    id: `${spec.familyName}-discontinued-${model}`,
    appliesTo: { elementType: ['Light'], model: [model] },
    rules: [{ kind: 'exclusion', id: 'discontinued', ...REASONS.discontinued, combinations }],
  };
}

function rulesFor(spec: CollectionSpec): RuleBook {
  const exclusions: ExclusionCombination[] = [
    { Acabado: '58', Dim: '2' },
    { Acabado: '23', Led: ['4', '5'] },
    { Led: 'D', Dim: ['0', '3', 'M'] },
    { Dim: 'M', Instalacion1: ['0', '1', '2', '5', '6'] },
  ];
  const book = {
    version: 1 as const,
    subFamilyId: spec.subFamilyId,
    ruleSets: [
      {
        id: `${spec.familyName}-exclusions`,
        appliesTo: { elementType: ['Light' as const] },
        rules: [
          { kind: 'exclusion' as const, id: 'brass-dali', ...REASONS['brass-dali'], combinations: [exclusions[0]!] },
          { kind: 'exclusion' as const, id: 'terracotta-cool', ...REASONS['terracotta-cool'], combinations: [exclusions[1]!] },
          { kind: 'exclusion' as const, id: 'dim-to-warm-control', ...REASONS['dim-to-warm-control'], combinations: [exclusions[2]!] },
          { kind: 'exclusion' as const, id: 'remote-driver', ...REASONS['remote-driver'], combinations: [exclusions[3]!] },
        ],
      },
      ...(spec.pendant
        ? [
            {
              id: `${spec.familyName}-composition`,
              appliesTo: { elementType: ['Composition' as const] },
              rules: [{ kind: 'maxChildren' as const, id: 'max-clusters', ...REASONS['max-clusters'], childType: 'Cluster' as const, max: 24 }],
            },
          ]
        : []),
    ],
  };
  return parseRuleBook(book);
}

function allowed(book: RuleBook | undefined, codes: { finish: string; ledColourTemp: string; control: string; installation: string }): boolean {
  if (!book) return !(codes.finish === '58' && codes.control === '2');
  const subject = { id: 'x', type: 'Light' as const, model: null, attributes: codes, parent: null, childCounts: {} };
  for (const set of book.ruleSets) {
    for (const rule of set.rules) {
      if (rule.kind === 'exclusion' && rule.combinations.some((combination) => matchesExclusion(combination, subject))) return false;
    }
  }
  return true;
}

/**
 * A preconfiguration's luminaire on a recessed (remote) canopy comes without its driver when its
 * model is made so (the remote driver sits in the ceiling; RemoteDriverCP switches such a light to
 * control M), so that the configurator shows the line as it is added. Other references stay.
 */
function remoteDriven(reference: string, rows: readonly ArticleRow[]): string {
  const parts = parseReference(reference);
  if (!parts.installation?.startsWith('3') || parts.control === 'M') return reference;
  const catalogId: CatalogId = reference.includes('-') ? 21 : 16;
  const candidate = formatReference({ model: parts.model, catalogId, colour: parts.colour, control: 'M', temperature: parts.temperature, installation: parts.installation });
  return rows.some((row) => row[0] === candidate && row[3] === 1) ? candidate : reference;
}

/** Fixed creation time of the generated saved spaces (keeps the output byte-stable). */
const CREATED_AT = Date.UTC(2026, 0, 15, 9, 0, 0);

/**
 * The saved space (domain JSON) of a pendant preconfiguration: one composition, one canopy (cluster)
 * per luminaire spread along the ceiling, each holding its light with the reference's codes.
 */
function preconfigSpace(
  id: number,
  spec: CollectionSpec,
  applicationLocationId: number,
  lines: Array<{ reference: string; model: string; quantity: number; pendantHeight?: number }>,
  technicalOf: (model: string) => { watts: number; lumens: number },
): Record<string, unknown> {
  let tree = createSpace({ id: `space-${id}`, createdAt: CREATED_AT, configurator: spec.configurator, applicationLocationId });
  // One composition per line: a remote-driven line (RemoteDriverCP) does not switch the other line's drivers.
  lines.forEach((_line, index) => {
    tree = addElement(tree, tree.rootId, { type: 'Composition', id: `c${index + 1}`, createdAt: CREATED_AT, props: { compositionNumber: index + 1 } });
  });
  const units = lines.flatMap((line, lineIndex) => Array.from({ length: Math.min(line.quantity, 8) }, () => ({ line, composition: `c${lineIndex + 1}` })));
  units.forEach(({ line, composition }, index) => {
    const parts = parseReference(line.reference);
    const x = units.length === 1 ? 0 : -1.2 + (2.4 * index) / (units.length - 1);
    const installation = parts.installation ?? '10';
    tree = addElement(tree, composition, { type: 'Cluster', id: `k${index + 1}`, createdAt: CREATED_AT + index, attributes: { installation }, position: { x: Math.round(x * 1000) / 1000, y: 3.9, z: 0 } });
    const technical = technicalOf(line.model);
    tree = addElement(tree, `k${index + 1}`, {
      type: 'Light',
      id: `l${index + 1}`,
      createdAt: CREATED_AT + index,
      applicationLocationId,
      props: { code: line.model, info: { familyName: spec.familyName, subfamily: spec.subFamilyId }, technicalData: { watts: technical.watts, lumens: technical.lumens } },
      attributes: {
        finish: parts.colour,
        ...(parts.temperature ? { ledColourTemp: parts.temperature } : {}),
        ...(parts.control ? { control: parts.control } : {}),
        installation,
        ...(line.pendantHeight !== undefined ? { pendantHeight: String(line.pendantHeight) } : {}),
      },
    });
  });
  return spaceToJSON(tree);
}

// ------------------------------------------------------------------------------------------------
// Drawing parts (issue 16)
// ------------------------------------------------------------------------------------------------

/**
 * The parts the sticks (219) and plusminus (225) drawings add around their luminaires: power canopies
 * (ElectricalConnection), sticks joints, plusminus straps (one row per strap colour: the collection's
 * finishes), counterweights and reflectors. Catalogue accessories with fixed prices (no PRNG draw, so
 * the rest of the data keeps its bytes); the model codes are @lumen/domain's DRAWING_FAMILIES'.
 * complementType: 11 canopies and mounting, 12 structure parts, 13 optics.
 */
const DRAWING_PARTS: Array<{ subFamilyId: 219 | 225; model: string; complementType: number; description: Texts; eur: number; netWeight: number; moq: number; allFinishes: boolean }> = [
  { subFamilyId: 219, model: '7466', complementType: 11, eur: 96, netWeight: 0.42, moq: 1, allFinishes: false, description: t('Sticks power canopy', 'Sticks power canopy', 'Rosace d’alimentation Sticks', 'Sticks-Einspeisebaldachin', 'Rosone di alimentazione Sticks', 'Florón de alimentación Sticks') },
  { subFamilyId: 219, model: '7465', complementType: 12, eur: 24, netWeight: 0.08, moq: 1, allFinishes: false, description: t('Sticks joint', 'Sticks joint', 'Raccord Sticks', 'Sticks-Verbinder', 'Giunto Sticks', 'Unión Sticks') },
  ...([['7481', 1, 38, 0.06], ['7482', 2, 52, 0.11], ['7483', 3, 66, 0.16], ['7484', 4, 80, 0.21], ['7486', 6, 108, 0.31]] as const).map(([model, metres, eur, netWeight]) => ({
    subFamilyId: 225 as const,
    model,
    complementType: 12,
    eur,
    netWeight,
    moq: 1,
    allFinishes: true,
    description: t(`Plusminus textile strap ${metres} m`, `Plusminus textile strap ${metres} m`, `Sangle textile Plusminus ${metres} m`, `Plusminus-Textilband ${metres} m`, `Fascia tessile Plusminus ${metres} m`, `Cinta textil Plusminus ${metres} m`),
  })),
  { subFamilyId: 225, model: '7490', complementType: 12, eur: 29, netWeight: 0.35, moq: 1, allFinishes: false, description: t('Plusminus counterweight', 'Plusminus counterweight', 'Contrepoids Plusminus', 'Plusminus-Gegengewicht', 'Contrappeso Plusminus', 'Contrapeso Plusminus') },
  { subFamilyId: 225, model: '7495', complementType: 11, eur: 118, netWeight: 0.55, moq: 1, allFinishes: false, description: t('Plusminus power canopy', 'Plusminus power canopy', 'Rosace d’alimentation Plusminus', 'Plusminus-Einspeisebaldachin', 'Rosone di alimentazione Plusminus', 'Florón de alimentación Plusminus') },
  { subFamilyId: 225, model: '7498', complementType: 13, eur: 34, netWeight: 0.12, moq: 1, allFinishes: false, description: t('Plusminus reflector', 'Plusminus reflector', 'Réflecteur Plusminus', 'Plusminus-Reflektor', 'Riflettore Plusminus', 'Reflector Plusminus') },
];

const PLAN = (x: number, z: number) => ({ x, z });
const STICK_CODES = { finish: '05', ledColourTemp: '3', control: 'M', installation: '31' };
const PLUSMINUS_LIGHT_CODES = { finish: '10', ledColourTemp: '2', control: '0', installation: '10' };

/** The drawings of the drawn collections' preconfigurations (configurator DRAWING, the collections' 3 × 3 m room). */
const DRAWING_PRECONFIGS: Array<{ subFamilyId: 219 | 225; name: string; description: Texts; drawing: Drawing }> = [
  {
    subFamilyId: 219,
    name: 'Sticks Square',
    description: t('A square of four 90 cm sticks', 'A square of four 90 cm sticks', 'Un carré de quatre bâtons de 90 cm', 'Ein Quadrat aus vier 90-cm-Stäben', 'Un quadrato di quattro bastoni da 90 cm', 'Un cuadrado de cuatro varillas de 90 cm'),
    drawing: {
      family: 'sticks',
      height: 3,
      segments: [
        { id: 'a', from: PLAN(-0.45, -0.45), to: PLAN(0.45, -0.45), attributes: STICK_CODES },
        { id: 'b', from: PLAN(0.45, -0.45), to: PLAN(0.45, 0.45), attributes: STICK_CODES },
        { id: 'c', from: PLAN(0.45, 0.45), to: PLAN(-0.45, 0.45), attributes: STICK_CODES },
        { id: 'd', from: PLAN(-0.45, 0.45), to: PLAN(-0.45, -0.45), attributes: STICK_CODES },
      ],
      items: [{ id: 'power', kind: 'connection', segmentId: 'a', offset: 0.45, model: '7466', attributes: {} }],
    },
  },
  {
    subFamilyId: 225,
    name: 'Plusminus Vee',
    description: t('Two straps, three lights', 'Two straps, three lights', 'Deux sangles, trois lumières', 'Zwei Bänder, drei Leuchten', 'Due fasce, tre luci', 'Dos cintas, tres luces'),
    drawing: {
      family: 'plusminus',
      height: 3,
      segments: [
        { id: 's1', from: PLAN(-1, -0.5), to: PLAN(1, -0.5), attributes: { finish: '10' } },
        { id: 's2', from: PLAN(1, -0.5), to: PLAN(0, 1), attributes: { finish: '10' } },
      ],
      items: [
        { id: 'l1', kind: 'light', segmentId: 's1', offset: 0.6, model: '5520', attributes: PLUSMINUS_LIGHT_CODES },
        { id: 'l2', kind: 'light', segmentId: 's1', offset: 1.4, model: '5520', attributes: PLUSMINUS_LIGHT_CODES },
        { id: 'w1', kind: 'counterweight', segmentId: 's1', offset: 0.1, model: '7490', attributes: {} },
        { id: 'l3', kind: 'light', segmentId: 's2', offset: 1, model: '5525', attributes: PLUSMINUS_LIGHT_CODES },
        { id: 'k1', kind: 'connection', segmentId: 's2', offset: 0.2, model: '7495', attributes: {} },
      ],
    },
  },
];

/** The attribute codes a reference names (finish, control, temperature, installation). */
function codesOfReference(reference: string): Record<string, string> {
  const parsed = parseReference(reference);
  return {
    finish: parsed.colour,
    ...(parsed.control !== undefined ? { control: parsed.control } : {}),
    ...(parsed.temperature !== undefined ? { ledColourTemp: parsed.temperature } : {}),
    ...(parsed.installation !== undefined ? { installation: parsed.installation } : {}),
  };
}

/**
 * The drawing of a drawn collection's pendant preconfiguration, made from its lines so that the
 * configurator opens what the lines order. Sticks: its sticks one after the other, turning a right
 * angle at each joint (the turn goes to the axis that is shorter so far, so the set fits the 3 × 3 m
 * room), fed at the first stick. Plusminus: its lights along straps of at most six, side by side
 * 0.5 m apart, each strap fed at its start and its lights 0.35 m apart.
 */
function drawnPreconfigSpace(id: number, spec: CollectionSpec, lines: PreconfigData['lines']): ReturnType<typeof drawingToSpace> {
  const pieces = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line));
  let drawing: Drawing;
  if (spec.subFamilyId === 219) {
    const lengths = new Map(DRAWING_FAMILIES.sticks.segmentModels.map((entry) => [entry.model, entry.length]));
    const points = [PLAN(0, 0)];
    const run = { x: 0, z: 0 };
    pieces.forEach((piece, index) => {
      const length = lengths.get(piece.model);
      if (length === undefined) throw new Error(`preconfiguration ${id}: ${piece.model} is no stick`);
      const along: 'x' | 'z' = index === 0 ? 'x' : run.x <= run.z ? 'x' : 'z';
      run[along] += length;
      const last = points[points.length - 1]!;
      points.push(along === 'x' ? PLAN(last.x + length, last.z) : PLAN(last.x, last.z + length));
    });
    const xs = points.map((point) => point.x);
    const zs = points.map((point) => point.z);
    const centre = PLAN((Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...zs) + Math.max(...zs)) / 2);
    const round = (value: number) => Math.round(value * 1000) / 1000;
    const at = (index: number) => PLAN(round(points[index]!.x - centre.x), round(points[index]!.z - centre.z));
    const segments = pieces.map((piece, index) => ({ id: `s${index + 1}`, from: at(index), to: at(index + 1), attributes: codesOfReference(piece.reference) }));
    drawing = {
      family: 'sticks',
      height: 3,
      segments,
      items: [{ id: 'power', kind: 'connection', segmentId: 's1', offset: round(segmentLength(segments[0]!) / 2), model: DRAWING_FAMILIES.sticks.itemModels.connection!, attributes: {} }],
    };
  } else {
    const perStrap = 6;
    const straps = Math.ceil(pieces.length / perStrap);
    const segments: Drawing['segments'][number][] = [];
    const items: Drawing['items'][number][] = [];
    for (let strap = 0; strap < straps; strap += 1) {
      const lights = pieces.slice(strap * perStrap, (strap + 1) * perStrap);
      const length = Math.round((0.3 + lights.length * 0.35) * 100) / 100;
      const z = Math.round((strap - (straps - 1) / 2) * 0.5 * 100) / 100;
      const segmentId = `s${strap + 1}`;
      segments.push({ id: segmentId, from: PLAN(-length / 2, z), to: PLAN(length / 2, z), attributes: { finish: codesOfReference(lights[0]!.reference).finish! } });
      items.push({ id: `power${strap + 1}`, kind: 'connection', segmentId, offset: 0.1, model: DRAWING_FAMILIES.plusminus.itemModels.connection!, attributes: {} });
      lights.forEach((light, index) =>
        items.push({ id: `l${strap * perStrap + index + 1}`, kind: 'light', segmentId, offset: Math.round((0.3 + index * 0.35) * 100) / 100, model: light.model, attributes: codesOfReference(light.reference) }),
      );
    }
    drawing = { family: 'plusminus', height: 3, segments, items };
  }
  return drawingToSpace(drawing, {
    room: { height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' },
    configurator: CONFIGURATORS.DRAWING,
    spaceId: `space-${id}`,
    createdAt: CREATED_AT,
    applicationLocationId: 15,
  });
}

/**
 * One drawing preconfiguration per drawn collection and catalogue (ids after every other one): the
 * saved space made by @lumen/domain's drawingToSpace, the lines its luminaires (sticks, lights).
 */
function drawingPreconfigurations(lastId: number, articles: Record<'16' | '21', ArticleRow[]>): PreconfigData[] {
  const rows: PreconfigData[] = [];
  let id = lastId;
  for (const { subFamilyId, name, description, drawing } of DRAWING_PRECONFIGS) {
    const spec = COLLECTIONS.find((candidate) => candidate.subFamilyId === subFamilyId)!;
    for (const catalogId of spec.catalogs) {
      id += 1;
      const luminaires =
        drawing.family === 'sticks'
          ? drawing.segments.map((segment) => ({ model: stickModelFor(segmentLength(segment))!, codes: segment.attributes }))
          : drawing.items.filter((item) => item.kind === 'light').map((item) => ({ model: item.model, codes: item.attributes }));
      const lines: PreconfigData['lines'] = [];
      for (const { model, codes } of luminaires) {
        const reference = formatReference({ model, catalogId, colour: codes.finish!, control: codes.control!, temperature: codes.ledColourTemp!, installation: codes.installation! });
        if (!articles[`${catalogId}`].some((row) => row[0] === reference && row[3] === 1)) throw new Error(`preconfiguration ${name}: no active article ${reference}`);
        const line = lines.find((candidate) => candidate.reference === reference);
        if (line) line.quantity += 1;
        else lines.push({ reference, model, quantity: 1 });
      }
      rows.push({
        id,
        catalogId,
        subFamilyId,
        familyId: spec.familyId,
        applicationLocationId: 15,
        visibility: 'website',
        name,
        description,
        configuratorTypeId: CONFIGURATORS.DRAWING,
        lines,
        domainJSON: drawingToSpace(drawing, {
          room: { height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' },
          configurator: CONFIGURATORS.DRAWING,
          spaceId: `space-${id}`,
          createdAt: CREATED_AT,
          applicationLocationId: 15,
        }),
      });
    }
  }
  return rows;
}

function drawingPartAccessories(): AccessoryData[] {
  const rows: AccessoryData[] = [];
  for (const part of DRAWING_PARTS) {
    const spec = COLLECTIONS.find((candidate) => candidate.subFamilyId === part.subFamilyId)!;
    for (const catalogId of spec.catalogs) {
      for (const finish of part.allFinishes ? spec.finishes : spec.finishes.slice(0, 1)) {
        rows.push({
          catalogId,
          subFamilyId: part.subFamilyId,
          model: part.model,
          reference: formatReference({ model: part.model, catalogId, colour: finish }),
          complementType: part.complementType,
          sublevel: 63,
          description: part.description,
          prices: { '1': money(part.eur), '10': money(roundTo(part.eur * 0.92, 0.05)), '12': money(roundTo(part.eur * 1.18, 0.05)) },
          moq: part.moq,
          netWeight: part.netWeight,
        });
      }
    }
  }
  return rows;
}

// ------------------------------------------------------------------------------------------------
// Generation
// ------------------------------------------------------------------------------------------------

export function generateCatalogue(): CatalogueDataFile {
  const collections: CollectionData[] = [];
  const models: ModelData[] = [];
  const variations: VariationData[] = [];
  const articles: Record<'16' | '21', ArticleRow[]> = { '16': [], '21': [] };
  const accessories: AccessoryData[] = [];
  const preconfigs: PreconfigData[] = [];
  const decisionTrees: DecisionTreeData[] = [];
  const configs: ConfigData[] = [];
  const rules: Record<string, RuleBook> = {};

  let order = 0;
  let preconfigId = 1000;
  let configId = 500;
  for (const spec of COLLECTIONS) {
    order += 1;
    const book = spec.hasRules ? rulesFor(spec) : undefined;
    const discontinued: RuleBook['ruleSets'][number][] = [];
    collections.push({
      subFamilyId: spec.subFamilyId,
      name: spec.name,
      familyId: spec.familyId,
      familyName: spec.familyName,
      description: spec.tagline,
      catalogs: spec.catalogs,
      productType: { id: spec.productType, description: nameOf(PRODUCT_TYPES, spec.productType) },
      configuratorType: { id: spec.configurator, description: nameOf(CONFIGURATORS, spec.configurator) },
      isNew: spec.year >= 2024,
      order,
      designer: {
        name: spec.designer,
        year: spec.year,
        bio: t(
          `${spec.designer} designed ${spec.name} in ${spec.year}.`,
          `${spec.designer} designed ${spec.name} in ${spec.year}.`,
          `${spec.designer} a dessiné ${spec.name} en ${spec.year}.`,
          `${spec.designer} entwarf ${spec.name} im Jahr ${spec.year}.`,
          `${spec.designer} ha disegnato ${spec.name} nel ${spec.year}.`,
          `${spec.designer} diseñó ${spec.name} en ${spec.year}.`,
        ),
      },
      spotlight: { title: same(spec.name), text: spec.tagline },
      hasRules: spec.hasRules,
      hasAccessories: spec.hasAccessories,
    });
    skipRetiredPictureDraws(spec.models[0]?.[1] ?? 19);

    for (const [model, category, applicationLocationId, size, virtual] of spec.models) {
      const scale = rng();
      const lumens = roundTo(between(spec.lumens[0], spec.lumens[1]) * (0.85 + scale * 0.3), 10);
      const watts = Math.max(2, Math.round(between(spec.watts[0], spec.watts[1]) * 10) / 10);
      const consumed = Math.round(watts * 1.12 * 10) / 10;
      // The draws in the order they were always made (width, CRI, height, depth), so the rest of the data stays as it was.
      const widthDraw = rng();
      const cri = pick([80, 90, 90, 93, 97]);
      const dimensions = dimensionsOf(spec, category, size, [widthDraw, rng(), rng()]);
      const technical = {
        lumens,
        watts,
        delivered_power: Math.round(lumens / watts),
        consumed_power: consumed,
        cri,
        ...dimensions,
        netWeight: Math.round(between(0.3, 14) * 100) / 100,
        beamAngle: pick([24, 36, 60, 90, 110, 120, 360]),
        ipRating: category === 22 ? 'IP65' : category === 18 ? 'IP44' : 'IP20',
      };
      // The energy class is computed (packages/domain energy, EU 2019/2015), no longer stored: its old
      // draw is still made so the rest of the data keeps its bytes.
      rng();
      const isOutdoor = category === 22;
      const options: ModelData['options'] = {};
      const basePrice = roundTo(between(160, 1900) * (0.7 + scale * 0.6), 5);
      const basePrices: Record<string, string> = { '1': money(basePrice), '10': money(roundTo(basePrice * 0.92, 5)), '12': money(roundTo(basePrice * 1.18, 5)) };
      const leadtime = pick(LEADTIME_PROFILES);
      const pendantHeight = spec.pendant ? { min: 60, standard: 150, max: spec.subFamilyId === 225 ? 500 : 350, delta: 50 } : null;
      const modelRows: Array<{ codes: { finish: string; ledColourTemp: string; control: string; installation: string }; row: ArticleRow }> = [];
      const bases: Array<{ finish: string; ledColourTemp: string; control: string; installation: string }> = [];
      for (const catalogId of spec.catalogs) {
        const finishes = spec.finishes.slice();
        const temps = catalogId === 21 ? spec.usTemps : spec.temps;
        const controls = controlsFor(model, catalogId, spec.installs);
        // A luminaire made only without a driver (its driver is remote) takes only the recessed canopies:
        // the collection's remote-driver rule refuses it on any other, so offering them offered nothing.
        const remoteOnly = controls.every((code) => code === 'M');
        const offeredInstalls = remoteOnly ? spec.installs.filter((code) => code.startsWith('3')) : spec.installs;
        // A wall light of a collection that has a wall bracket takes only the bracket (issue 28 §5: 4520 was
        // offered on a concrete anchor plate and a ground spike, as the collection's bollards are).
        const wallOnly = size === 'Wall' && offeredInstalls.includes('20');
        const installs = wallOnly ? ['20'] : offeredInstalls;
        options[`${catalogId}`] = { finish: finishes, ledColourTemp: temps, control: controls, installation: installs };
        const base = { finish: finishes[0]!, ledColourTemp: temps[0]!, control: controls[0]!, installation: installs[0]! };
        // Variations: one per value of each attribute (the base value with no increment).
        const inc = (type: VariationData['type'], modifier: string): VariationData => {
          const isBase =
            (type === 'color' && modifier === base.finish) ||
            (type === 'temperature' && modifier === base.ledColourTemp) ||
            (type === 'control' && modifier === base.control) ||
            (type === 'installation' && modifier === base.installation);
          let fixed = 0;
          let percent = 0;
          let moq: number | undefined;
          let lt: LeadTimeEntry[] | undefined;
          if (!isBase) {
            if (type === 'color') {
              if (modifier === '58') fixed = 45;
              else if (modifier === '23' || modifier === '37') percent = 5;
              else if (modifier === 'A1') fixed = 15;
              else fixed = 0;
              if (modifier === '23' || modifier === '37') {
                moq = 4;
                lt = [{ from: 1, weeks: 5 }, { from: 40, weeks: 8 }];
              }
            } else if (type === 'temperature') {
              if (modifier === 'D') fixed = 28;
              else if (modifier === '7') fixed = 6;
            } else if (type === 'control') {
              fixed = modifier === '2' ? 38 : modifier === '1' ? 12 : modifier === '3' ? 30 : 0;
            } else if (type === 'installation') {
              fixed = modifier === '31' ? 22 : modifier === '32' ? 18 : modifier === '60' ? 35 : modifier === '50' || modifier === '51' ? 24 : 0;
            }
          }
          const variation: VariationData = {
            catalogId,
            model,
            type,
            modifier,
            bov: isBase ? 'B' : 'V',
            priceIncrement: money(fixed),
            priceIncrementDollars: money(Math.ceil(fixed * 1.2)),
            priceIncrementPercent: String(percent),
            priceEffectOrder: { color: 'A', temperature: 'B', control: 'C', installation: 'D', pendantHeight: 'F' }[type],
            ...(moq !== undefined ? { moq } : {}),
            ...(lt !== undefined ? { leadtime: lt } : {}),
          };
          return variation;
        };
        // The collection's installations are all drawn for (see below), the ones the model does not take are then left out.
        const drawn: VariationData[] = [
          ...finishes.map((code) => inc('color', code)),
          ...temps.map((code) => inc('temperature', code)),
          ...controls.map((code) => inc('control', code)),
          ...spec.installs.map((code) => inc('installation', code)),
        ];
        if (pendantHeight) {
          drawn.push({
            catalogId,
            model,
            type: 'pendantHeight',
            modifier: 'PH',
            bov: 'O',
            priceIncrement: '8.00',
            priceIncrementDollars: '10.00',
            priceIncrementPercent: '2',
            priceEffectOrder: 'F',
            ...pendantHeight,
          });
        }
        // A few availability windows: an expired finish, a future temperature, a temporal control. The
        // remote driver keeps none where a recessed canopy is offered (RemoteDriverCP switches the light to it).
        // Every value is drawn for, so the rest of the demo data does not move when a value is left out.
        for (const variation of drawn) {
          if (variation.bov === 'B') continue;
          const roll = rng();
          if (variation.type === 'control' && variation.modifier === 'M' && installs.some((code) => code.startsWith('3'))) continue;
          if (roll < 0.04) variation.availability = { since: '2023-01-01T00:00:00.000Z', until: '2026-03-31T00:00:00.000Z' };
          else if (roll < 0.08) variation.availability = { since: '2027-09-01T00:00:00.000Z', until: null, expected: '2027-09-01T00:00:00.000Z' };
          else if (roll < 0.1) {
            variation.bov = 'T';
            variation.fromValidityDate = '01/01/2026';
            variation.toValidityDate = '31/12/2027';
          }
        }
        const modelVariations = drawn.filter((variation) => variation.type !== 'installation' || installs.includes(variation.modifier));
        variations.push(...modelVariations);
        const varOf = (type: VariationData['type'], modifier: string) => modelVariations.find((v) => v.type === type && v.modifier === modifier);

        // Articles: every valid combination.
        const combos: Array<{ finish: string; ledColourTemp: string; control: string; installation: string }> = [];
        for (const finish of finishes)
          for (const ledColourTemp of temps)
            for (const control of controls)
              for (const installation of installs) {
                const codes = { finish, ledColourTemp, control, installation };
                if (allowed(book, codes) || (finish === base.finish && ledColourTemp === base.ledColourTemp && control === base.control && installation === base.installation)) combos.push(codes);
              }
        for (const codes of combos) {
          const reference = formatReference({ model, catalogId, colour: codes.finish, control: codes.control, temperature: codes.ledColourTemp, installation: codes.installation });
          const parts = [varOf('color', codes.finish), varOf('temperature', codes.ledColourTemp), varOf('control', codes.control), varOf('installation', codes.installation)];
          const moq = Math.max(1, ...parts.map((v) => v?.moq ?? 1));
          const lt = mergeLeadTimes(leadtime, ...parts.map((v) => v?.leadtime));
          const isBase = codes.finish === base.finish && codes.ledColourTemp === base.ledColourTemp && codes.control === base.control && codes.installation === base.installation;
          // Now and then a combination is discontinued: its article stays, inactive, and the rules say so (below).
          const active: 0 | 1 = isBase || rng() > 0.015 || !book ? 1 : 0;
          const row: ArticleRow = [reference, moq, leadtimeIndex(lt), active];
          articles[`${catalogId}`].push(row);
          modelRows.push({ codes, row });
        }
        // The surface canopy a remote-driver-only model no longer takes had the base article (no draw); the
        // recessed one that is now the base drew for its activity. One draw keeps the rest of the data as it was.
        if (remoteOnly) rng();
        // The combinations a wall light no longer takes drew for their activity: as many draws keep the rest of the data as it was.
        if (wallOnly) {
          const oldBase = { ...base, installation: offeredInstalls[0]! };
          let before = 0;
          for (const finish of finishes)
            for (const ledColourTemp of temps)
              for (const control of controls)
                for (const installation of offeredInstalls) {
                  const codes = { finish, ledColourTemp, control, installation };
                  const isOldBase = finish === oldBase.finish && ledColourTemp === oldBase.ledColourTemp && control === oldBase.control && installation === oldBase.installation;
                  if (allowed(book, codes) || isOldBase) before++;
                }
          if (book) for (let i = combos.length; i < before; i++) rng();
        }
        bases.push(base);
      }
      // A discontinued combination is discontinued in every catalogue (the rules are the collection's),
      // except a base article's.
      const key = (codes: { finish: string; ledColourTemp: string; control: string; installation: string }) => `${codes.finish}/${codes.ledColourTemp}/${codes.control}/${codes.installation}`;
      const baseKeys = new Set(bases.map(key));
      const gone = new Map<string, ExclusionCombination>();
      for (const { codes, row } of modelRows) if (row[3] === 0 && !baseKeys.has(key(codes))) gone.set(key(codes), { Acabado: codes.finish, Led: codes.ledColourTemp, Dim: codes.control, Instalacion1: codes.installation.charAt(0), Instalacion2: codes.installation.charAt(1) });
      for (const { codes, row } of modelRows) row[3] = gone.has(key(codes)) ? 0 : 1;
      if (book && gone.size > 0) discontinued.push(discontinuedRuleSet(spec, model, [...gone.values()]));
      models.push({
        model,
        subFamilyId: spec.subFamilyId,
        categoryId: category,
        applicationLocationId,
        virtual: virtual === true,
        description: describeModel(spec, category, size),
        technical: { ...technical, ...technicalExtras(model, spec, category, size, options, technical) },
        materials: isOutdoor ? ['Die-cast aluminium', 'Polycarbonate diffuser'] : pick([['Steel', 'Opal methacrylate'], ['Aluminium', 'Blown glass'], ['Polyurethane', 'Textile'], ['Aluminium', 'Satin polycarbonate']]),
        options,
        pendantHeight,
        articleType: {
          level1: { id: 1, description: 'Luminaires' },
          level2: { id: isOutdoor ? 52 : spec.productType === PRODUCT_TYPES.TOOLKIT ? 53 : 51, description: isOutdoor ? 'Outdoor' : spec.productType === PRODUCT_TYPES.TOOLKIT ? 'Technical' : 'Indoor decorative' },
          level3: { id: 100 + category, description: CATEGORIES.find((c) => c.id === category)?.description.en ?? 'Luminaire' },
        },
        moq: 1,
        leadtime,
        basePrices,
      });
      skipRetiredPictureDraws(category);
    }

    if (book) rules[String(spec.subFamilyId)] = parseRuleBook({ ...book, ruleSets: [...book.ruleSets, ...discontinued] });

    // Accessories: a canopy (type 11, sublevel 63) and a remote driver / power supply (type 8, sublevel 60).
    if (spec.hasAccessories) {
      const accessoryDefs: Array<[string, number, number, Texts, number]> = [
        [`9${String(spec.subFamilyId).slice(-2)}1`, 11, 63, t('Multiple canopy', 'Multiple canopy', 'Rosace multiple', 'Mehrfachbaldachin', 'Rosone multiplo', 'Florón múltiple'), 85],
        [`9${String(spec.subFamilyId).slice(-2)}2`, 11, 63, t('Wall mounting plate', 'Wall mounting plate', 'Platine de fixation murale', 'Wandmontageplatte', 'Piastra di fissaggio a parete', 'Placa de montaje en pared'), 32],
        [`9${String(spec.subFamilyId).slice(-2)}5`, 8, 60, t('Remote driver box', 'Remote driver box', 'Boîtier de driver déporté', 'Externes Treibergehäuse', 'Scatola driver remoto', 'Caja de driver remoto'), 120],
      ];
      for (const catalogId of spec.catalogs) {
        for (const [code, complementType, sublevel, description, price] of accessoryDefs) {
          for (const finish of spec.finishes.slice(0, 2)) {
            const eur = roundTo(price * (0.9 + rng() * 0.3), 5);
            accessories.push({
              catalogId,
              subFamilyId: spec.subFamilyId,
              model: code,
              reference: formatReference({ model: code, catalogId, colour: finish }),
              complementType,
              sublevel,
              description,
              prices: { '1': money(eur), '10': money(roundTo(eur * 0.92, 5)), '12': money(roundTo(eur * 1.18, 5)) },
              moq: 1,
              netWeight: Math.round(between(0.1, 1.5) * 100) / 100,
            });
          }
        }
      }
    }

    // Preconfigurations: two per collection and catalogue, one of them kept private now and then.
    const names = ['Duo', 'Trio', 'Cascade', 'Linea', 'Constellation', 'Atelier'];
    for (const catalogId of spec.catalogs) {
      const rows = articles[`${catalogId}`];
      for (let index = 0; index < 2; index += 1) {
        preconfigId += 1;
        const [model, , applicationLocationId] = spec.models[index % spec.models.length]!;
        const modelRows = rows.filter((row) => row[0].startsWith(model) && row[3] === 1);
        const quantity = spec.pendant ? intBetween(2, 6) : intBetween(1, 3);
        const lines = [{ reference: remoteDriven(pick(modelRows)[0], rows), model, quantity, ...(spec.pendant ? { pendantHeight: pick([150, 200, 250]) } : {}) }];
        const second = spec.models[(index + 1) % spec.models.length]!;
        if (second[0] !== model) {
          const secondRows = rows.filter((row) => row[0].startsWith(second[0]) && row[3] === 1);
          // A set hangs at one height: the second luminaire of a pendant set takes the first one's.
          if (secondRows.length > 0) lines.push({ reference: remoteDriven(pick(secondRows)[0], rows), model: second[0], quantity: 1, ...(lines[0]?.pendantHeight !== undefined ? { pendantHeight: lines[0].pendantHeight } : {}) });
        }
        const name = `${spec.name} ${names[(spec.subFamilyId + index) % names.length]}`;
        const count = lines.reduce((sum, line) => sum + line.quantity, 0);
        preconfigs.push({
          id: preconfigId,
          catalogId,
          subFamilyId: spec.subFamilyId,
          familyId: spec.familyId,
          applicationLocationId,
          visibility: index === 1 && spec.subFamilyId % 3 === 0 ? 'private' : 'website',
          name,
          description: t(
            `${count} luminaires, ready to order`,
            `${count} fixtures, ready to order`,
            `${count} luminaires, prêts à commander`,
            `${count} Leuchten, bestellfertig`,
            `${count} apparecchi, pronti da ordinare`,
            `${count} luminarias, listas para pedir`,
          ),
          configuratorTypeId: spec.configurator,
          lines,
          domainJSON: spec.configurator === CONFIGURATORS.DRAWING
            ? drawnPreconfigSpace(preconfigId, spec, lines)
            : spec.pendant
            ? preconfigSpace(preconfigId, spec, applicationLocationId, lines, (code) => {
                const found = models.find((m) => m.model === code)?.technical;
                return { watts: found?.watts ?? 0, lumens: found?.lumens ?? 0 };
              })
            : null,
        });
      }
      configId += 1;
      configs.push({
        id: configId,
        subFamilyId: spec.subFamilyId,
        catalogId,
        configuratorTypeId: spec.configurator,
        settings: {
          roomSize: { height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' },
          source: 'PRIVATE_AREA',
          defaultPendantHeight: 2,
          maxLights: spec.pendant ? 24 : 1,
          installations: spec.installs,
          units: catalogId === 21 ? 'imperial' : 'metric',
        },
      });
    }

    // Decision trees for the configurable families.
    if ([219, 225, 259, 234].includes(spec.subFamilyId)) {
      for (const catalogId of spec.catalogs) {
        const locations = [...new Set(spec.models.map((m) => m[2]))];
        decisionTrees.push({
          id: spec.subFamilyId * 100 + catalogId,
          catalogId,
          subFamilyId: spec.subFamilyId,
          familyId: spec.familyId,
          name: `${spec.name} finder`,
          rootLayer: 'A',
          layers: [
            {
              id: 'A',
              width: 'large',
              title: t('Where will it hang?', 'Where will it hang?', 'Où sera-t-elle installée ?', 'Wo wird sie montiert?', 'Dove verrà installata?', '¿Dónde se instalará?'),
              options: locations.map((id) => ({
                id: `loc-${id}`,
                label: APPLICATION_LOCATIONS.find((location) => location.id === id)!.description,
                next: 'B',
                result: { subFamilyId: spec.subFamilyId, applicationLocationId: id },
              })),
            },
            {
              id: 'B',
              width: 'large',
              title: t('Choose a model', 'Choose a model', 'Choisissez un modèle', 'Wählen Sie ein Modell', 'Scegli un modello', 'Elige un modelo'),
              options: spec.models.map(([model, category, location, size]) => ({
                id: `model-${model}`,
                label: describeModel(spec, category, size),
                image: `/api/images/v1/catalogue/model/${model}.svg`,
                next: null,
                result: { subFamilyId: spec.subFamilyId, applicationLocationId: location, model },
              })),
            },
            {
              id: 'C',
              width: 'fullWidth',
              visibility: 'website',
              title: t('Or start from a preconfiguration', 'Or start from a preconfiguration', 'Ou partez d’une préconfiguration', 'Oder mit einer Vorkonfiguration beginnen', 'Oppure parti da una preconfigurazione', 'O empieza por una preconfiguración'),
              options: preconfigs
                .filter((p) => p.subFamilyId === spec.subFamilyId && p.catalogId === catalogId && p.visibility === 'website')
                .map((p) => ({ id: `preconfig-${p.id}`, label: same(p.name), next: null, result: { subFamilyId: spec.subFamilyId, preconfigId: p.id } })),
            },
          ],
        });
      }
    }
  }

  accessories.push(...drawingPartAccessories());
  preconfigs.push(...drawingPreconfigurations(preconfigId, articles));

  return {
    version: 1,
    catalogs: [
      { id: 16, name: 'INT', currency: 'EUR', brandCodes: ['3VB', '4VT'], defaultRateId: 1 },
      { id: 21, name: 'USA', currency: 'USD', brandCodes: ['2US'], defaultRateId: 12 },
    ],
    rates: [
      { id: 1, catalogId: 16, name: 'Tarifa general EUR', currency: 'EUR' },
      { id: 10, catalogId: 16, name: 'Tarifa proyectos EUR', currency: 'EUR' },
      { id: 12, catalogId: 21, name: 'US list price USD', currency: 'USD' },
    ],
    attributes: { finish: FINISHES, ledColourTemp: TEMPERATURES, control: CONTROLS, installation: INSTALLATIONS },
    categories: CATEGORIES,
    applicationLocations: APPLICATION_LOCATIONS,
    collections,
    models,
    variations,
    leadtimes: leadtimeTable,
    articles,
    accessories,
    preconfigs,
    decisionTrees,
    configs,
    rules,
    companyTerms: [
      { crmId: 'CRM-ACC-0001', rateId: 1, discounts: { '117': 35, '119': 35, '120': 35, '121': 35, '122': 30, '123': 32, '124': 25, '125': 35, '126': 35, '127': 35, '128': 35, '118': 35, '60': 20, '63': 15 } },
      { crmId: 'CRM-ACC-0002', rateId: 10, discounts: { '117': 25, '118': 25, '119': 28, '120': 25, '121': 25, '122': 22, '123': 25, '124': 20, '125': 25, '126': 28, '127': 25, '128': 25, '60': 10, '63': 10 } },
      { crmId: 'CRM-ACC-0004', rateId: 12, discounts: { '117': 30, '118': 30, '119': 30, '120': 30, '121': 30, '122': 30, '123': 30, '124': 30, '125': 30, '126': 30, '127': 30, '128': 30, '60': 15, '63': 15 } },
    ],
  };
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const data = generateCatalogue();
  const out = join(dirname(fileURLToPath(import.meta.url)), 'data', 'catalogue.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(data)}\n`);
  const count = (id: '16' | '21') => data.articles[id].length;
  process.stdout.write(
    `catalogue: ${data.collections.length} collections, ${data.models.length} models, ${count('16')} + ${count('21')} articles, ${data.variations.length} variations, ${data.accessories.length} accessories, ${data.preconfigs.length} preconfigs → ${out}\n`,
  );
}
