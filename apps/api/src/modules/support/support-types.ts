import type { Lang } from '@lumen/contracts';
import { ROLES, type RoleId } from '@lumen/domain';

/**
 * The subjects of a support request (spec §6: "support subjects depend on the roles"). Reference data
 * of the module: ids and codes are stable (requests store the code), names are written per language.
 * `roles` lists who is offered the subject; `visitors` whether a visitor is too.
 */
export interface SupportTypeDefinition {
  id: number;
  code: string;
  roles: readonly RoleId[];
  visitors: boolean;
  names: Readonly<Record<Lang, string>>;
}

const EVERYONE: readonly RoleId[] = Object.values(ROLES);
const PROFESSIONALS: readonly RoleId[] = [ROLES.specifier, ROLES.distributor, ROLES.sales, ROLES.importer, ROLES.admin];
const BUYERS: readonly RoleId[] = [ROLES.distributor, ROLES.importer, ROLES.sales, ROLES.admin];

export const SUPPORT_TYPES: readonly SupportTypeDefinition[] = [
  {
    id: 1,
    code: 'product-information',
    roles: EVERYONE,
    visitors: true,
    names: {
      en: 'Product information',
      us: 'Product information',
      fr: 'Informations sur un produit',
      de: 'Produktinformationen',
      it: 'Informazioni su un prodotto',
      es: 'Información de producto',
    },
  },
  {
    id: 2,
    code: 'technical-question',
    roles: EVERYONE,
    visitors: true,
    names: {
      en: 'Technical question (photometry, drivers, installation)',
      us: 'Technical question (photometry, drivers, installation)',
      fr: 'Question technique (photométrie, drivers, installation)',
      de: 'Technische Frage (Photometrie, Betriebsgeräte, Montage)',
      it: 'Domanda tecnica (fotometria, driver, installazione)',
      es: 'Consulta técnica (fotometría, drivers, instalación)',
    },
  },
  {
    id: 3,
    code: 'documents',
    roles: EVERYONE,
    visitors: true,
    names: {
      en: 'Technical documents and downloads',
      us: 'Technical documents and downloads',
      fr: 'Documents techniques et téléchargements',
      de: 'Technische Unterlagen und Downloads',
      it: 'Documentazione tecnica e download',
      es: 'Documentación técnica y descargas',
    },
  },
  {
    id: 4,
    code: 'account-access',
    roles: EVERYONE,
    visitors: true,
    names: {
      en: 'My account and signing in',
      us: 'My account and signing in',
      fr: 'Mon compte et la connexion',
      de: 'Mein Konto und die Anmeldung',
      it: 'Il mio account e l’accesso',
      es: 'Mi cuenta y el acceso',
    },
  },
  {
    id: 5,
    code: 'qualification',
    roles: [ROLES.webUser],
    visitors: true,
    names: {
      en: 'Becoming a registered professional',
      us: 'Becoming a registered professional',
      fr: 'Devenir professionnel enregistré',
      de: 'Als Fachpartner registrieren',
      it: 'Diventare un professionista registrato',
      es: 'Registrarme como profesional',
    },
  },
  {
    id: 6,
    code: 'project-help',
    roles: PROFESSIONALS,
    visitors: false,
    names: {
      en: 'Help with a lighting project',
      us: 'Help with a lighting project',
      fr: 'Aide pour un projet d’éclairage',
      de: 'Unterstützung bei einem Lichtprojekt',
      it: 'Aiuto per un progetto illuminotecnico',
      es: 'Ayuda con un proyecto de iluminación',
    },
  },
  {
    id: 7,
    code: 'prices-quotes',
    roles: BUYERS,
    visitors: false,
    names: {
      en: 'Prices and quotes',
      us: 'Prices and quotes',
      fr: 'Prix et devis',
      de: 'Preise und Angebote',
      it: 'Prezzi e preventivi',
      es: 'Precios y presupuestos',
    },
  },
  {
    id: 8,
    code: 'orders-delivery',
    roles: BUYERS,
    visitors: false,
    names: {
      en: 'Orders and delivery',
      us: 'Orders and shipping',
      fr: 'Commandes et livraison',
      de: 'Bestellungen und Lieferung',
      it: 'Ordini e consegna',
      es: 'Pedidos y entregas',
    },
  },
  {
    id: 9,
    code: 'invoices',
    roles: [ROLES.distributor, ROLES.importer, ROLES.admin],
    visitors: false,
    names: {
      en: 'Invoices and payments',
      us: 'Invoices and payments',
      fr: 'Factures et paiements',
      de: 'Rechnungen und Zahlungen',
      it: 'Fatture e pagamenti',
      es: 'Facturas y pagos',
    },
  },
  {
    id: 10,
    code: 'other',
    roles: EVERYONE,
    visitors: true,
    names: {
      en: 'Something else',
      us: 'Something else',
      fr: 'Autre demande',
      de: 'Sonstiges Anliegen',
      it: 'Altra richiesta',
      es: 'Otra consulta',
    },
  },
];

/**
 * The subjects offered to a caller: by the caller's own roles (a visitor: the visitors' subjects),
 * narrowed to `askedRoleIds` when the client names some (spec §7 roleIds). The roles a client names
 * never widen what its account is offered.
 */
export function supportTypesFor(callerRoleIds: readonly number[] | null, askedRoleIds?: readonly number[]): SupportTypeDefinition[] {
  return SUPPORT_TYPES.filter((type) => {
    if (callerRoleIds === null) return type.visitors;
    const roles = askedRoleIds ? callerRoleIds.filter((role) => askedRoleIds.includes(role)) : callerRoleIds;
    return type.roles.some((role) => roles.includes(role));
  });
}

/** What each kind of request is called in mails (the desk reads English, the requester their language). */
export const REQUEST_KIND_NAMES: Readonly<Record<'project-budget' | 'project-budget-usa' | 'project-registration-usa', Readonly<Record<Lang, string>>>> = {
  'project-budget': {
    en: 'Budget request',
    us: 'Quote request',
    fr: 'Demande de devis',
    de: 'Angebotsanfrage',
    it: 'Richiesta di preventivo',
    es: 'Solicitud de presupuesto',
  },
  'project-budget-usa': {
    en: 'Quote request (United States)',
    us: 'Quote request',
    fr: 'Demande de devis (États-Unis)',
    de: 'Angebotsanfrage (USA)',
    it: 'Richiesta di preventivo (Stati Uniti)',
    es: 'Solicitud de presupuesto (Estados Unidos)',
  },
  'project-registration-usa': {
    en: 'Project registration (United States)',
    us: 'Project registration',
    fr: 'Enregistrement de projet (États-Unis)',
    de: 'Projektregistrierung (USA)',
    it: 'Registrazione del progetto (Stati Uniti)',
    es: 'Registro de proyecto (Estados Unidos)',
  },
};
