import type { AdminCatalogue, AdminRuleSpace, AdminRuleValue, RuleEffect } from '@lumen/contracts';
import { Badge, Button, Select } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadAdminCatalogues, loadRuleSpace, saveDraftChange, testRule } from './product-admin-calls';
import { CatalogueSelect, conflictOf, EMPTY_TEXTS, ProductAdminNav, SixTextFields, type SixTexts, useCatalogueParam } from './product-admin-shared';
import './product-admin.css';

type Attribute = 'finish' | 'ledColourTemp' | 'control' | 'installation';
const ATTRIBUTES: readonly Attribute[] = ['finish', 'ledColourTemp', 'control', 'installation'];
const ALL = 'all';

/** The exclusion-list keys of an attribute's value (configuration-domain §3: an installation is two keys, its type and its variant). */
export function combinationPart(attribute: Attribute, code: string): Record<string, string[]> {
  if (attribute === 'finish') return { Acabado: [code] };
  if (attribute === 'ledColourTemp') return { Led: [code] };
  if (attribute === 'control') return { Dim: [code] };
  return { Instalacion1: [code.charAt(0)], Instalacion2: [code.charAt(1)] };
}

/**
 * /product-admin/EditRule (issue 31 §3): a collection's exclusion rules as data. A new rule says which
 * two attribute values exclude each other (for one model or the whole collection) and why, in six
 * languages; before it goes to the draft the engine runs over the models' option space and the screen
 * shows what it does. A rule that leaves an option unreachable needs an explicit confirmation.
 */
export function ProductAdminRulesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [catalogId, setCatalogId] = useCatalogueParam();
  const [catalogues] = useRemote('catalogues', () => dispatch(loadAdminCatalogues()).unwrap());
  const catalogue = catalogues.status === 'ready' ? catalogues.data.find((item) => item.id === catalogId) : undefined;
  const [subFamilyId, setSubFamilyId] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  const collection = subFamilyId ?? catalogue?.collections[0]?.subFamilyId ?? null;
  const [space] = useRemote(catalogue && collection !== null ? `${catalogId}/${collection}` : null, () => dispatch(loadRuleSpace({ catalogId, subFamilyId: collection ?? 0 })).unwrap(), {
    refresh: String(refresh),
  });
  return (
    <section className="page product-admin" aria-labelledby="product-admin-rules-title">
      <h1 id="product-admin-rules-title">{t('productAdmin.rules.title')}</h1>
      <ProductAdminNav />
      {catalogues.status === 'failed' && <p role="alert">{t('productAdmin.loadFailed')}</p>}
      {catalogues.status === 'ready' && catalogue && (
        <div className="product-admin__filters">
          <CatalogueSelect catalogues={catalogues.data} value={catalogId} onChange={setCatalogId} />
          <Select<string>
            label={t('productAdmin.models.collection')}
            name="collection"
            options={catalogue.collections.map((item) => ({ value: String(item.subFamilyId), label: item.name }))}
            value={collection === null ? null : String(collection)}
            onChange={(id) => setSubFamilyId(Number(id))}
          />
        </div>
      )}
      {space.status === 'loading' && catalogue && <p role="status">{t('common.loading')}</p>}
      {space.status === 'ready' && catalogue && (
        <>
          <RuleList space={space.data} />
          <RuleForm key={`${catalogId}/${space.data.subFamilyId}`} catalogue={catalogue} space={space.data} onSaved={() => setRefresh((n) => n + 1)} />
        </>
      )}
    </section>
  );
}

function RuleList({ space }: { space: AdminRuleSpace }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="product-admin-rule-list" className="card">
      <h2 id="product-admin-rule-list">{t('productAdmin.rules.list')}</h2>
      <ul className="product-admin__rules">
        {space.rules.map((rule) => (
          <li key={rule.key}>
            <Badge tone={rule.origin === 'draft' ? 'warning' : rule.origin === 'published' ? 'success' : 'muted'}>{t(`productAdmin.rules.origin.${rule.origin}`)}</Badge>{' '}
            {rule.reasons[i18n.language] ?? rule.reasons.en} <small>({rule.models.length > 0 ? rule.models.join(', ') : t('productAdmin.rules.allModels')})</small>
            {rule.removed && <> — {t('productAdmin.change.retired')}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RuleForm({ catalogue, space, onSaved }: { catalogue: AdminCatalogue; space: AdminRuleSpace; onSaved: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [model, setModel] = useState<string>(ALL);
  const [first, setFirst] = useState<{ attribute: Attribute; code: string | null }>({ attribute: 'finish', code: null });
  const [second, setSecond] = useState<{ attribute: Attribute; code: string | null }>({ attribute: 'control', code: null });
  const [reasons, setReasons] = useState<SixTexts>(EMPTY_TEXTS);
  const [effect, setEffect] = useState<RuleEffect | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [ruleId] = useState(() => `r-${Date.now().toString(36)}`);
  const models = model === ALL ? space.models : space.models.filter((item) => item.model === model);
  const optionsOf = (attribute: Attribute) => {
    const seen = new Map<string, string>();
    for (const item of models) for (const option of item.options[attribute]) if (!seen.has(option.code)) seen.set(option.code, option.name);
    return [...seen].map(([value, name]) => ({ value, label: `${name} (${value})` }));
  };
  const rule: AdminRuleValue | null =
    first.code && second.code && first.attribute !== second.attribute
      ? { subFamilyId: space.subFamilyId, models: model === ALL ? [] : [model], combinations: [{ ...combinationPart(first.attribute, first.code), ...combinationPart(second.attribute, second.code) }], reasons }
      : null;
  const complete = rule !== null && Object.values(reasons).every((text) => text.trim() !== '');
  const key = `${space.subFamilyId}|${ruleId}`;

  async function test() {
    if (!rule) return;
    setMessage(null);
    try {
      setEffect(await dispatch(testRule({ catalogId: catalogue.id, key, rule })).unwrap());
      setConfirmed(false);
    } catch {
      setMessage({ tone: 'error', text: t('productAdmin.rules.testFailed') });
    }
  }

  async function save() {
    if (!rule || !complete) return;
    try {
      await dispatch(saveDraftChange({ catalogId: catalogue.id, change: { kind: 'rule', key, value: rule, expectedRevision: 0 } })).unwrap();
      setMessage({ tone: 'ok', text: t('productAdmin.rules.saved') });
      onSaved();
    } catch (failure) {
      setMessage({ tone: 'error', text: conflictOf(failure) ? t('productAdmin.rules.conflict') : t('productAdmin.save.failed') });
    }
  }

  const attributeOptions = ATTRIBUTES.map((attribute) => ({ value: attribute, label: t(`configurator.attribute.${attribute}`) }));
  return (
    <section aria-labelledby="product-admin-rule-form" className="card product-admin__rule-form">
      <h2 id="product-admin-rule-form">{t('productAdmin.rules.new')}</h2>
      <Select<string>
        label={t('productAdmin.rules.model')}
        name="model"
        options={[{ value: ALL, label: t('productAdmin.rules.allModels') }, ...space.models.map((item) => ({ value: item.model, label: item.model }))]}
        value={model}
        onChange={(value) => {
          setModel(value);
          setEffect(null);
        }}
      />
      <div className="product-admin__pair">
        <Select<string> label={t('productAdmin.rules.attribute1')} name="attribute1" options={attributeOptions} value={first.attribute} onChange={(attribute) => setFirst({ attribute: attribute as Attribute, code: null })} />
        <Select<string> label={t('productAdmin.rules.value1')} name="value1" options={optionsOf(first.attribute)} value={first.code} onChange={(code) => setFirst({ ...first, code })} />
        <Select<string> label={t('productAdmin.rules.attribute2')} name="attribute2" options={attributeOptions} value={second.attribute} onChange={(attribute) => setSecond({ attribute: attribute as Attribute, code: null })} />
        <Select<string> label={t('productAdmin.rules.value2')} name="value2" options={optionsOf(second.attribute)} value={second.code} onChange={(code) => setSecond({ ...second, code })} />
      </div>
      <SixTextFields label={t('productAdmin.rules.reason')} name="reason" value={reasons} onChange={setReasons} />
      <div className="product-admin__actions">
        <Button variant="secondary" onPress={() => void test()} isDisabled={!rule}>
          {t('productAdmin.rules.test')}
        </Button>
        <Button onPress={() => void save()} isDisabled={!complete || !effect || (effect.needsConfirmation && !confirmed)}>
          {t('productAdmin.rules.save')}
        </Button>
      </div>
      {effect && <EffectView effect={effect} />}
      {effect?.needsConfirmation && (
        <label className="product-admin__confirm">
          <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} /> {t('productAdmin.rules.confirm')}
        </label>
      )}
      {message && <p role={message.tone === 'error' ? 'alert' : 'status'}>{message.text}</p>}
    </section>
  );
}

function EffectView({ effect }: { effect: RuleEffect }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="product-admin-effect" className="product-admin__effect">
      <h3 id="product-admin-effect">{t('productAdmin.rules.effect')}</h3>
      <p>{t('productAdmin.rules.projectLines', { count: effect.projectLines })}</p>
      <ul>
        {effect.models.map((model) => (
          <li key={model.model}>
            <strong>{model.model}</strong>: {t('productAdmin.rules.valid', { before: model.validBefore, after: model.validAfter, total: model.combinations })}
            {model.newlyInvalid.length > 0 && (
              <> {t('productAdmin.rules.newlyInvalid', { list: model.newlyInvalid.slice(0, 6).map((combination) => Object.values(combination).join('·')).join(', ') })}</>
            )}
            {model.unreachable.length > 0 && (
              <strong> {t('productAdmin.rules.unreachable', { list: model.unreachable.map((option) => `${t(`configurator.attribute.${option.attribute}`)} ${option.code}`).join(', ') })}</strong>
            )}
            {model.articlesLosingPath.length > 0 && <> {t('productAdmin.rules.articlesLosing', { count: model.articlesLosingPath.length, list: model.articlesLosingPath.slice(0, 5).join(', ') })}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
