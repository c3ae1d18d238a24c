import type { Lang } from '@lumen/contracts';
import type { RoleName } from '@lumen/domain';

/** Demo accounts (DESIGN.md: deterministic data, loaded only into an empty embedded database or with SEED_DEMO=1). */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoCompany {
  key: string;
  name: string;
  companyTypeId: number;
  country: string;
  crmId: string;
  clientCode: string | null;
  /** Printed on invoices as the buyer's (issue 34 §5). */
  vatId: string | null;
  billingAddress: readonly string[];
}

export interface DemoUser {
  email: string;
  name: string;
  role: RoleName;
  status: number;
  userType: number;
  lang: Lang;
  catalogId: 16 | 21;
  profesion: string | null;
  crm: string | null;
  clientCode: string | null;
  company: string | null;
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { key: 'A', name: 'Luminotecnia Norte S.L.', companyTypeId: 5, country: 'ES', crmId: 'CRM-ACC-0001', clientCode: 'C-100234', vatId: 'ESB48123456', billingAddress: ['Calle Gran Vía 21, 3º', '48001 Bilbao (Bizkaia)', 'España'] },
  { key: 'B', name: 'Brightline Distribution Ltd', companyTypeId: 5, country: 'GB', crmId: 'CRM-ACC-0002', clientCode: 'C-200871', vatId: 'GB123456789', billingAddress: ['14 Canal Street', 'Manchester M1 3HE', 'United Kingdom'] },
  { key: 'S', name: 'Estudio Arco Iluminación', companyTypeId: 1, country: 'ES', crmId: 'CRM-ACC-0003', clientCode: null, vatId: 'ESB28765432', billingAddress: ['Calle de Alcalá 120', '28009 Madrid', 'España'] },
  { key: 'US', name: 'Lumen Lighting USA Inc.', companyTypeId: 5, country: 'US', crmId: 'CRM-ACC-0004', clientCode: 'U-300118', vatId: null, billingAddress: ['350 Hudson Street, Suite 400', 'New York, NY 10014', 'United States'] },
];

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'webuser@demo.example', name: 'Wendy Webb', role: 'webUser', status: 2, userType: 1, lang: 'en', catalogId: 16, profesion: null, crm: null, clientCode: null, company: null },
  { email: 'specifier@demo.example', name: 'Sofía Prieto', role: 'specifier', status: 4, userType: 2, lang: 'es', catalogId: 16, profesion: 'Architect', crm: 'CRM-CON-1001', clientCode: null, company: 'S' },
  { email: 'distributor@demo.example', name: 'Diego Norte', role: 'distributor', status: 4, userType: 2, lang: 'es', catalogId: 16, profesion: 'Purchasing manager', crm: 'CRM-CON-1002', clientCode: 'C-100234', company: 'A' },
  { email: 'distributor2@demo.example', name: 'Daisy Bright', role: 'distributor', status: 4, userType: 2, lang: 'en', catalogId: 16, profesion: 'Sales director', crm: 'CRM-CON-1003', clientCode: 'C-200871', company: 'B' },
  { email: 'sales@demo.example', name: 'Samuel Ventas', role: 'sales', status: 4, userType: 2, lang: 'en', catalogId: 16, profesion: 'Area sales manager', crm: 'CRM-CON-1004', clientCode: null, company: null },
  { email: 'importer@demo.example', name: 'Ian Porter', role: 'importer', status: 4, userType: 2, lang: 'us', catalogId: 21, profesion: 'Importer', crm: 'CRM-CON-1005', clientCode: 'U-300118', company: 'US' },
  { email: 'admin@demo.example', name: 'Ada Admin', role: 'admin', status: 4, userType: 2, lang: 'en', catalogId: 16, profesion: null, crm: null, clientCode: null, company: null },
  { email: 'apiuser@demo.example', name: 'API Integration', role: 'apiUser', status: 4, userType: 2, lang: 'en', catalogId: 16, profesion: null, crm: null, clientCode: null, company: null },
  // The brand's own product manager (issue 31): internal by the demo's staff domain (INTERNAL_EMAIL_DOMAINS defaults to lumen.example outside production).
  { email: 'product@lumen.example', name: 'Paula Catálogo', role: 'productManager', status: 4, userType: 2, lang: 'en', catalogId: 16, profesion: 'Product manager', crm: null, clientCode: null, company: null },
];
