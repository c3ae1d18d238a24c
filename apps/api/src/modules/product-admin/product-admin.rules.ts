import type { AdminPreconfig, AdminRule, AdminRuleSpace, AdminRuleValue, CatalogId, Lang, RuleEffect } from '@lumen/contracts';
import { descriptionIn, modelRuleEffect, type OptionSpace } from '@lumen/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { loadDraftView } from './product-admin.catalogue';
import * as repo from './product-admin.repository';
import { changeId, NEW_PRECONFIG, preconfigValueOf, RULE_ID, ruleValueOf } from './product-admin.state';

/** The option space of a model in a catalogue: its options per attribute (the catalogue's model data). */
function optionSpace(options: { finish: string[]; ledColourTemp: string[]; control: string[]; installation: string[] } | undefined): OptionSpace {
  return { finish: options?.finish ?? [], ledColourTemp: options?.ledColourTemp ?? [], control: options?.control ?? [], installation: options?.installation ?? [] };
}

/** The rule editor (issue 31 §3) and the preconfigurations' list (§4). */
export function createRuleUseCases(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** A collection's rules (shipped, published from the editor, in the draft) and its models' option space. */
    async space(catalogId: CatalogId, subFamilyId: number, lang: Lang): Promise<AdminRuleSpace> {
      const view = await loadDraftView(db, catalogId);
      const { index } = view;
      if (!index.collectionIds.has(subFamilyId)) throw new AppError('NOT_FOUND', `No collection ${subFamilyId} in catalogue ${catalogId}`);
      const rules: AdminRule[] = [];
      for (const set of index.published.shippedRules.get(subFamilyId) ?? []) {
        for (const rule of set.rules) {
          if (rule.kind !== 'exclusion') continue;
          rules.push({
            key: `${set.id}/${rule.id}`,
            id: rule.id,
            origin: 'catalogue',
            models: [...(set.appliesTo.model ?? [])],
            combinations: rule.combinations.map((combination) => ({ ...combination }) as Record<string, string | string[]>),
            reasons: { ...(rule.reasons ?? { en: rule.reason }) } as Record<string, string>,
            revision: 0,
            removed: false,
          });
        }
      }
      const keys = new Set([...index.ruleByKey.keys()].filter((key) => key.startsWith(`${subFamilyId}|`)));
      for (const row of view.changes.values()) if (row.kind === 'rule' && row.key.startsWith(`${subFamilyId}|`)) keys.add(row.key);
      for (const key of [...keys].sort()) {
        const change = view.changes.get(changeId('rule', key));
        const value = (change ? change.value : index.ruleByKey.get(key)) as AdminRuleValue | null;
        const shown = value ?? index.ruleByKey.get(key);
        if (!shown) continue;
        rules.push({
          key,
          id: key.split('|')[1] ?? key,
          origin: change ? 'draft' : 'published',
          models: shown.models,
          combinations: shown.combinations as Array<Record<string, string | string[]>>,
          reasons: shown.reasons,
          revision: change?.revision ?? 0,
          removed: value === null,
        });
      }
      const dictionary = index.published.attributes;
      const named = (list: AdminRuleSpace['models'][number]['options']['finish'], codes: string[], values: typeof dictionary.finish) => {
        for (const code of codes) list.push({ code, name: descriptionIn(values.find((value) => value.code === code)?.description ?? {}, lang) || code });
        return list;
      };
      const models = index.published.models
        .filter((model) => model.subFamilyId === subFamilyId && (index.articlesByModel.get(model.model)?.length ?? 0) > 0)
        .map((model) => {
          const options = model.data.options[String(catalogId) as `${CatalogId}`];
          return {
            model: model.model,
            options: {
              finish: named([], options?.finish ?? [], dictionary.finish),
              ledColourTemp: named([], options?.ledColourTemp ?? [], dictionary.ledColourTemp),
              control: named([], options?.control ?? [], dictionary.control),
              installation: named([], options?.installation ?? [], dictionary.installation),
            },
          };
        });
      return { subFamilyId, rules, models };
    },

    /**
     * What a rule would do (issue 31 §3), before it is saved: the engine over each model's whole option
     * space with the draft's rules and with this rule added (or replacing the one under `key`).
     */
    async effect(catalogId: CatalogId, input: { key?: string | undefined; rule: AdminRuleValue }): Promise<RuleEffect> {
      const view = await loadDraftView(db, catalogId);
      const { index } = view;
      const { subFamilyId } = input.rule;
      if (!index.collectionIds.has(subFamilyId)) throw new AppError('VALIDATION_FAILED', 'No such collection in this catalogue', [{ path: 'body.rule.subFamilyId', message: 'productAdmin.error.collection' }]);
      const key = input.key ?? `${subFamilyId}|effect-preview`;
      const [keyCollection, ruleId] = key.split('|');
      if (Number(keyCollection) !== subFamilyId || !RULE_ID.test(ruleId ?? '')) throw new AppError('VALIDATION_FAILED', 'The key is not a rule of this collection', [{ path: 'body.key', message: 'productAdmin.error.collection' }]);
      const before = view.rulesOf(subFamilyId);
      const after = view.rulesOf(subFamilyId, { key, value: input.rule });
      const models = index.published.models
        .filter((model) => model.subFamilyId === subFamilyId && (input.rule.models.length === 0 || input.rule.models.includes(model.model)))
        .filter((model) => (index.articlesByModel.get(model.model)?.length ?? 0) > 0)
        .map((model) => {
          const articles = (index.articlesByModel.get(model.model) ?? []).map((article) => ({ ...article, active: view.articleActive(article) }));
          return modelRuleEffect(model.model, optionSpace(model.data.options[String(catalogId) as `${CatalogId}`]), before, after, articles);
        });
      const losing = models.flatMap((model) => model.articlesLosingPath);
      const projectLines = await repo.countProjectLines(db, catalogId, losing);
      const needsConfirmation = models.some((model) => model.unreachable.length > 0 || (model.validBefore > 0 && model.validAfter === 0));
      return {
        models: models.map((model) => ({ ...model, newlyInvalid: model.newlyInvalid.map((combination) => ({ ...combination })), unreachable: [...model.unreachable] })),
        projectLines,
        needsConfirmation,
      };
    },

    /** The catalogue's preconfigurations with the draft's (added, changed, removed), for the compose screen. */
    async preconfigs(catalogId: CatalogId): Promise<AdminPreconfig[]> {
      const view = await loadDraftView(db, catalogId);
      const out: AdminPreconfig[] = view.index.published.preconfigs.map((preconfig) => {
        const change = view.changes.get(changeId('preconfig', String(preconfig.id)));
        const value = change ? (change.value as ReturnType<typeof preconfigValueOf> | null) : preconfigValueOf(preconfig);
        return {
          key: String(preconfig.id),
          id: preconfig.id,
          origin: change ? 'draft' : 'catalogue',
          subFamilyId: preconfig.subFamilyId,
          name: value?.name ?? preconfig.name,
          visibility: value === null ? 'removed' : (value?.visibility ?? preconfig.visibility),
          lines: (value?.lines ?? preconfig.lines).map((line) => ({ reference: line.reference, quantity: line.quantity })),
          revision: change?.revision ?? 0,
        };
      });
      for (const row of view.changes.values()) {
        if (row.kind !== 'preconfig' || !NEW_PRECONFIG.test(row.key) || row.value === null) continue;
        const value = row.value as ReturnType<typeof preconfigValueOf>;
        out.push({ key: row.key, id: null, origin: 'draft', subFamilyId: value.subFamilyId, name: value.name, visibility: value.visibility, lines: value.lines.map((line) => ({ reference: line.reference, quantity: line.quantity })), revision: row.revision });
      }
      void ruleValueOf;
      return out;
    },
  };
}
