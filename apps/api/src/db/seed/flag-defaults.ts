import type { FeatureEnvironment, FlagKey } from '@lumen/contracts';
import type { DbOrTx } from '../client';
import { featureFlagRollouts, featureFlags } from '../schema';

export interface FlagDefault {
  key: FlagKey;
  description: string;
  /** The answer when the flag is in no table and the remote service does not answer. */
  defaultValue: boolean;
  /** Rollout in each environment's table; an environment left out does not hold the flag. PRO holds none. */
  rollout: Partial<Record<Exclude<FeatureEnvironment, 'PRO'>, number>>;
}

/**
 * The flags the platform knows, with the rollouts of the former hard-coded table (DEV every path on,
 * NEWPRO a partial rollout, PRO empty: production asks the remote service). Flags that hide or filter
 * something are off in DEV too, so that development shows everything. Later issues add their flags here.
 */
export const FLAG_DEFAULTS: readonly FlagDefault[] = [
  { key: 'upsertVersionD365', description: 'Write a CRM (Dynamics 365) version upsert to the outbox on every product change of a project.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 1 } },
  { key: 'unifiedCodeVersion', description: 'The web reads an order by id from the v3 orders path.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 1 } },
  { key: 'preconfigListWithCache', description: 'The web lists preconfigurations from the apiv2 (cached) path instead of products v1.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 1 } },
  { key: 'accessoryPriceInOrderView', description: 'Order view shows accessory prices (v2 order by id).', defaultValue: false, rollout: { DEV: 1, NEWPRO: 1 } },
  { key: 'getArticlesByReferenceV2', description: 'The web reads an article by reference from apiv2 articles/byReference instead of products v1.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0.5 } },
  { key: 'editLanguagesFromApiHub', description: 'The web reads languages from languages/{lang} (the api hub) instead of the languages list.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0 } },
  { key: 'projectRequestBudgetV2', description: 'Budget requests go to the apiv2 project-budget path.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0.5 } },
  { key: 'sendOfferWithDownloadBudget', description: 'Budgets are created on the apiv2 budget path, which also sends the offer.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0.25 } },
  { key: 'validateComposingPendantsProduct', description: 'Validating a composing-pendants line opens the compositor instead of the attributes configurator.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 1 } },
  { key: 'composeUrlPreview', description: 'The /preview/compose route is available.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0 } },
  {
    key: 'compositor',
    description: 'Internal users may compose in the compositor. Per collection and application, flags compositor_{subFamilyId}_{applicationLocationId} and then compositor_{subFamilyId} decide first where they exist.',
    defaultValue: false,
    rollout: { DEV: 1, NEWPRO: 0 },
  },
  { key: 'showQualifiedUserDataFromDynamics', description: 'The account is completed with the qualified contact read from Dynamics.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0 } },
  { key: 'hideCloneProjectButton', description: 'Hides the duplicate-project button; the api then refuses to duplicate projects.', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'changePricesCalculation', description: 'Catalogue 21 prices: cap the summed variation percent at 20 (new path) instead of capping the price at 1.2 × base.', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0 } },
  { key: 'filterControlM', description: 'Hide the control options starting with M (no driver) on regular products.', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'filterControlMforCP', description: 'Hide the control options starting with M (no driver) on composing pendants.', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'RemoteDriverCP', description: 'A composition with remote installations switches its lights to control M (no driver).', defaultValue: false, rollout: { DEV: 1, NEWPRO: 0 } },
  { key: 'variationCatalog', description: "An unknown brand code in a catalogue parameter is refused ('Not exist catalog value') instead of read as catalogue 16.", defaultValue: false, rollout: { DEV: 1, NEWPRO: 0 } },
  { key: 'impersonationWithoutLogout', description: "Sales staff and admins start acting as a customer without ending their own session; stopping returns to it (otherwise starting logs them out first).", defaultValue: false, rollout: { DEV: 1, NEWPRO: 0 } },
  { key: 'disableOrderSendingQA', description: 'Processed orders of this user are not sent to the legacy order system (QA users; turn on with an e-mail toggle). The order says it was not sent.', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'multiDownload', description: 'Project documents start with POST documents/docs-web/global-generate (one zip of the bare list) instead of the documents socket.', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'projectListV3', description: 'The project list reads the v3 projects path, 5 projects a page.', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'projectListWithoutCrm', description: 'With projectListV3: the v3 projects/withOutCRM path (the list without the CRM lookup).', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'projectListFromApiv2', description: 'Without projectListV3: the project list reads apiv2 projects/filter instead of projects v1 projects/filter.', defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
  { key: 'preventCompanyPrivilegeUpdates', description: "Company managers may not change their users' privileges (users management answers 403 while it is on).", defaultValue: false, rollout: { DEV: 0, NEWPRO: 0 } },
];

/**
 * Adds the flags of FLAG_DEFAULTS that the database does not hold yet, with their rollouts (run at
 * every start with the reference data). A flag already there is left exactly as the backoffice set it,
 * so a rollout removed from a table is not put back.
 */
export async function seedFlagDefaults(db: DbOrTx): Promise<void> {
  const added = await db
    .insert(featureFlags)
    .values(FLAG_DEFAULTS.map(({ key, description, defaultValue }) => ({ key, description, defaultValue })))
    .onConflictDoNothing()
    .returning({ key: featureFlags.key });
  if (added.length === 0) return;
  const newKeys = new Set(added.map((row) => row.key));
  const rollouts = FLAG_DEFAULTS.filter((flag) => newKeys.has(flag.key)).flatMap((flag) =>
    Object.entries(flag.rollout).map(([environment, rollout]) => ({ flagKey: flag.key, environment, rollout })),
  );
  if (rollouts.length > 0) await db.insert(featureFlagRollouts).values(rollouts).onConflictDoNothing();
}
