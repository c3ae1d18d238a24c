import type { AdminArticle, AdminArticleTerms, AdminCatalogue, AdminModel, CatalogueDraft, DraftChangeBody } from '@lumen/contracts';
import { Badge, Button, Select, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import {
  bulkPrice,
  discardDraftChange,
  loadAdminCatalogues,
  loadAdminModels,
  loadDraft,
  type ModelsFilter,
  publishDraft,
  restoreVersion,
  saveDraftChange,
} from './product-admin-calls';
import { CatalogueSelect, conflictOf, EMPTY_TEXTS, problemsOf, ProductAdminNav, SixTextFields, type SixTexts, useCatalogueParam, useShowValue } from './product-admin-shared';
import { PriceImport } from './product-admin-import';
import './product-admin.css';

type Status = NonNullable<ModelsFilter['status']>;
const ALL = 'all';

/** What a save or a publication answered, shown in place. */
type Notice = { tone: 'ok' | 'error'; text: string; problems?: Array<{ code: string; detail: string; path: string }> };

/**
 * /product-admin (issue 31 §1–§2): the catalogues' home. A catalogue's version and draft; its models
 * with prices per rate, found by reference, model or name and filtered by collection and status; edits
 * go to the draft (prices one by one or by percentage, finishes and articles retired or brought back,
 * model names in six languages); the draft's changes against what is published; publish; restore.
 */
export function ProductAdminHomePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [catalogId, setCatalogId] = useCatalogueParam();
  const [refresh, setRefresh] = useState(0);
  const changed = () => setRefresh((n) => n + 1);
  const [catalogues] = useRemote('catalogues', () => dispatch(loadAdminCatalogues()).unwrap(), { refresh: String(refresh) });
  const catalogue = catalogues.status === 'ready' ? catalogues.data.find((item) => item.id === catalogId) : undefined;
  return (
    <section className="page product-admin" aria-labelledby="product-admin-title">
      <h1 id="product-admin-title">{t('productAdmin.title')}</h1>
      <ProductAdminNav />
      {catalogues.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {catalogues.status === 'failed' && <p role="alert">{t('productAdmin.loadFailed')}</p>}
      {catalogues.status === 'ready' && catalogue && (
        <>
          <CatalogueSelect catalogues={catalogues.data} value={catalogId} onChange={setCatalogId} />
          <DraftPanel catalogue={catalogue} refresh={refresh} onChanged={changed} />
          <ModelsSection catalogue={catalogue} refresh={refresh} onChanged={changed} />
        </>
      )}
    </section>
  );
}

function DraftPanel({ catalogue, refresh, onChanged }: { catalogue: AdminCatalogue; refresh: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const show = useShowValue();
  const [draft] = useRemote<CatalogueDraft>(`draft/${catalogue.id}`, () => dispatch(loadDraft({ catalogId: catalogue.id })).unwrap(), { refresh: String(refresh) });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: 'publish' | 'restore') {
    setBusy(true);
    setNotice(null);
    try {
      const thunk = action === 'publish' ? publishDraft : restoreVersion;
      const result = await dispatch(thunk({ catalogId: catalogue.id, expectedVersion: catalogue.version })).unwrap();
      setNotice({ tone: 'ok', text: t(`productAdmin.${action}.done`, { version: result.version }) });
      onChanged();
    } catch (failure) {
      const problems = problemsOf(failure);
      setNotice({ tone: 'error', text: t(problems.length > 0 ? 'productAdmin.publish.refused' : `productAdmin.${action}.failed`), problems });
      if (conflictOf(failure)) onChanged();
    } finally {
      setBusy(false);
    }
  }

  async function discard(kind: CatalogueDraft['changes'][number]['kind'], key: string, revision: number) {
    try {
      await dispatch(discardDraftChange({ catalogId: catalogue.id, kind, key, expectedRevision: revision })).unwrap();
    } catch {
      setNotice({ tone: 'error', text: t('productAdmin.save.failed') });
    }
    onChanged();
  }

  return (
    <section className="card product-admin__draft" aria-labelledby="product-admin-draft">
      <h2 id="product-admin-draft">{t('productAdmin.draft.title')}</h2>
      <p>
        {t('productAdmin.version', { version: catalogue.version })}
        {catalogue.publishedAt && ` · ${t('productAdmin.publishedBy', { name: catalogue.publishedBy ?? '', date: format.date(catalogue.publishedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}`}
      </p>
      {draft.status === 'ready' && draft.data.changes.length === 0 && <p>{t('productAdmin.draft.empty')}</p>}
      {draft.status === 'ready' && draft.data.changes.length > 0 && (
        <table className="product-admin__table">
          <caption className="lm-visually-hidden">{t('productAdmin.draft.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('productAdmin.draft.what')}</th>
              <th scope="col">{t('productAdmin.draft.change')}</th>
              <th scope="col">{t('productAdmin.draft.before')}</th>
              <th scope="col">{t('productAdmin.draft.after')}</th>
              <th scope="col">{t('productAdmin.draft.by')}</th>
              <th scope="col">
                <span className="lm-visually-hidden">{t('productAdmin.draft.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.data.changes.map((change) => (
              <tr key={`${change.kind}:${change.key}`}>
                <td>
                  {t(`productAdmin.kind.${change.kind}`)} <code>{change.key}</code>
                </td>
                <td data-label={t('productAdmin.draft.change')}>
                  <Badge tone={change.change === 'retired' ? 'warning' : change.change === 'added' ? 'success' : 'neutral'}>{t(`productAdmin.change.${change.change}`)}</Badge>
                </td>
                <td data-label={t('productAdmin.draft.before')}>{show(change.before)}</td>
                <td data-label={t('productAdmin.draft.after')}>{show(change.after)}</td>
                <td data-label={t('productAdmin.draft.by')}>{change.updatedBy}</td>
                <td>
                  <Button size="sm" variant="ghost" onPress={() => void discard(change.kind, change.key, change.revision)}>
                    {t('productAdmin.draft.discard')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {draft.status === 'ready' && draft.data.problems.length > 0 && (
        <div role="note" className="product-admin__problems">
          <p>{t('productAdmin.draft.problems')}</p>
          <ul>
            {draft.data.problems.map((problem) => (
              <li key={`${problem.code}:${problem.kind}:${problem.key}`}>{t(`productAdmin.problem.${problem.code}`, { detail: problem.detail })}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="product-admin__actions">
        <Button onPress={() => void run('publish')} isDisabled={busy || draft.status !== 'ready' || draft.data.changes.length === 0}>
          {t('productAdmin.publish')}
        </Button>
        <Button variant="secondary" onPress={() => void run('restore')} isDisabled={busy || !catalogue.canRestore}>
          {t('productAdmin.restore')}
        </Button>
      </div>
      {notice && (
        <div role={notice.tone === 'error' ? 'alert' : 'status'} className={`product-admin__notice product-admin__notice--${notice.tone}`}>
          <p>{notice.text}</p>
          {notice.problems && notice.problems.length > 0 && (
            <ul>
              {notice.problems.map((problem) => (
                <li key={problem.path}>{t(`productAdmin.problem.${problem.code}`, { detail: problem.detail })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function ModelsSection({ catalogue, refresh, onChanged }: { catalogue: AdminCatalogue; refresh: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState({ search: '', subFamilyId: ALL, status: ALL });
  const [filter, setFilter] = useState<Omit<ModelsFilter, 'catalogId'>>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const key = JSON.stringify({ catalogId: catalogue.id, ...filter, page });
  const [models] = useRemote(key, () => dispatch(loadAdminModels({ catalogId: catalogue.id, ...filter, page })).unwrap(), { refresh: String(refresh) });

  function apply(event?: FormEvent) {
    event?.preventDefault();
    setPage(1);
    setFilter({
      ...(typed.search.trim() ? { search: typed.search.trim() } : {}),
      ...(typed.subFamilyId !== ALL ? { subFamilyId: Number(typed.subFamilyId) } : {}),
      ...(typed.status !== ALL ? { status: typed.status as Status } : {}),
    });
  }

  return (
    <section aria-labelledby="product-admin-models" className="product-admin__models">
      <h2 id="product-admin-models">{t('productAdmin.models.title')}</h2>
      <form className="product-admin__filters" role="search" onSubmit={apply}>
        <TextField label={t('productAdmin.models.search')} name="search" value={typed.search} onChange={(search) => setTyped({ ...typed, search })} />
        <Select<string>
          label={t('productAdmin.models.collection')}
          name="collection"
          options={[{ value: ALL, label: t('productAdmin.models.allCollections') }, ...catalogue.collections.map((collection) => ({ value: String(collection.subFamilyId), label: collection.name }))]}
          value={typed.subFamilyId}
          onChange={(subFamilyId) => setTyped({ ...typed, subFamilyId })}
        />
        <Select<string>
          label={t('productAdmin.models.status')}
          name="status"
          options={[ALL, 'active', 'discontinued', 'draft'].map((status) => ({ value: status, label: t(`productAdmin.status.${status}`) }))}
          value={typed.status}
          onChange={(status) => setTyped({ ...typed, status })}
        />
        <Button type="submit">{t('productAdmin.models.apply')}</Button>
      </form>
      <BulkPriceForm catalogue={catalogue} subFamilyId={filter.subFamilyId} onChanged={onChanged} />
      <PriceImport catalogue={catalogue} onChanged={onChanged} />
      {models.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {models.status === 'failed' && <p role="alert">{t('productAdmin.loadFailed')}</p>}
      {models.status === 'ready' && (
        <>
          <p>{t('productAdmin.models.count', { count: models.data.total })}</p>
          <table className="product-admin__table">
            <caption className="lm-visually-hidden">{t('productAdmin.models.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('productAdmin.models.model')}</th>
                <th scope="col">{t('productAdmin.models.collection')}</th>
                <th scope="col">{t('productAdmin.models.status')}</th>
                {catalogue.rates.map((rate) => (
                  <th scope="col" key={rate.id}>
                    {rate.name}
                  </th>
                ))}
                <th scope="col">
                  <span className="lm-visually-hidden">{t('productAdmin.draft.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {models.data.items.map((model) => (
                <ModelRow key={model.model} catalogue={catalogue} model={model} open={open === model.model} onToggle={() => setOpen(open === model.model ? null : model.model)} onChanged={onChanged} refresh={refresh} />
              ))}
            </tbody>
          </table>
          <div className="product-admin__actions">
            <Button variant="ghost" size="sm" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
              {t('productAdmin.models.previous')}
            </Button>
            <Button variant="ghost" size="sm" isDisabled={page * models.data.limit >= models.data.total} onPress={() => setPage(page + 1)}>
              {t('productAdmin.models.next')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function ModelRow({ catalogue, model, open, onToggle, onChanged, refresh }: { catalogue: AdminCatalogue; model: AdminModel; open: boolean; onToggle: () => void; onChanged: () => void; refresh: number }) {
  const { t, i18n } = useTranslation();
  const name = model.name[i18n.language] ?? model.name.en ?? model.model;
  return (
    <>
      <tr>
        <th scope="row">
          <span className="product-admin__model">{model.model}</span> {name}
        </th>
        <td data-label={t('productAdmin.models.collection')}>{model.collectionName}</td>
        <td data-label={t('productAdmin.models.status')}>
          <Badge tone={model.status === 'draft' ? 'warning' : model.status === 'active' ? 'success' : 'muted'}>{t(`productAdmin.status.${model.status}`)}</Badge>
        </td>
        {catalogue.rates.map((rate) => {
          const price = model.prices.find((item) => item.rateId === rate.id);
          return (
            <td key={rate.id} data-label={rate.name}>
              {price?.state.draft ? (
                <>
                  <s>{price.salePrice}</s> <strong>{price.state.draft}</strong>
                </>
              ) : (
                (price?.salePrice ?? '—')
              )}
            </td>
          );
        })}
        <td>
          <Button size="sm" variant="secondary" onPress={onToggle} aria-expanded={open} aria-label={t('productAdmin.models.editModel', { model: model.model })}>
            {open ? t('productAdmin.models.close') : t('productAdmin.models.edit')}
          </Button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={4 + catalogue.rates.length}>
            <ModelEditor catalogue={catalogue} code={model.model} refresh={refresh} onChanged={onChanged} />
          </td>
        </tr>
      )}
    </>
  );
}

/** One model's edits: prices per rate, finishes, articles, names in six languages; each save goes to the draft. */
function ModelEditor({ catalogue, code, refresh, onChanged }: { catalogue: AdminCatalogue; code: string; refresh: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const show = useShowValue();
  const [remote] = useRemote(`${catalogue.id}/${code}`, () => dispatch(loadAdminModels({ catalogId: catalogue.id, model: code })).unwrap(), { refresh: String(refresh) });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [names, setNames] = useState<SixTexts | null>(null);
  const model = remote.status === 'ready' ? remote.data.items[0] : undefined;
  if (remote.status === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (!model) return <p role="alert">{t('productAdmin.loadFailed')}</p>;

  async function save(change: DraftChangeBody) {
    setNotice(null);
    try {
      await dispatch(saveDraftChange({ catalogId: catalogue.id, change })).unwrap();
      setNotice({ tone: 'ok', text: t('productAdmin.save.done') });
    } catch (failure) {
      const other = conflictOf(failure);
      setNotice({ tone: 'error', text: other ? t('productAdmin.save.conflict', { name: other.updatedBy, value: show(other.after) }) : t('productAdmin.save.failed') });
    }
    onChanged();
  }

  const shownNames: SixTexts = names ?? { ...EMPTY_TEXTS, ...(model.nameState.draft ?? model.name) };
  return (
    <div className="product-admin__editor">
      <h3>{t('productAdmin.editor.title', { model: model.model })}</h3>
      <fieldset className="product-admin__prices">
        <legend>{t('productAdmin.editor.prices', { reference: model.priceReference ?? '' })}</legend>
        {catalogue.rates.map((rate) => {
          const price = model.prices.find((item) => item.rateId === rate.id);
          const value = prices[rate.id] ?? price?.state.draft ?? price?.salePrice ?? '';
          return (
            <div key={rate.id} className="product-admin__price">
              <TextField label={t('productAdmin.editor.priceFor', { rate: rate.name, currency: rate.currency })} name={`price-${rate.id}`} value={value} onChange={(text) => setPrices({ ...prices, [rate.id]: text })} />
              <Button
                size="sm"
                onPress={() => void save({ kind: 'price', key: `${model.priceReference ?? ''}|${rate.id}`, value: { salePrice: value.trim().replace(',', '.') }, expectedRevision: price?.state.revision ?? 0 })}
                aria-label={t('productAdmin.editor.savePrice', { rate: rate.name })}
              >
                {t('productAdmin.editor.save')}
              </Button>
            </div>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>{t('productAdmin.editor.finishes')}</legend>
        <ul className="product-admin__finishes">
          {model.finishes.map((finish) => {
            const active = finish.state.draft ?? finish.active;
            return (
              <li key={finish.code}>
                <span>
                  {finish.name} ({finish.code}) — {active ? t('productAdmin.value.active') : t('productAdmin.value.retired')}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t(active ? 'productAdmin.editor.retireFinish' : 'productAdmin.editor.activateFinish', { finish: finish.name })}
                  onPress={() => void save({ kind: 'finish', key: `${model.model}|${finish.code}`, value: { active: !active }, expectedRevision: finish.state.revision })}
                >
                  {active ? t('productAdmin.editor.retire') : t('productAdmin.editor.activate')}
                </Button>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save({ kind: 'modelName', key: model.model, value: { name: shownNames }, expectedRevision: model.nameState.revision });
        }}
      >
        <SixTextFields label={t('productAdmin.editor.names')} name="name" value={shownNames} onChange={setNames} />
        <Button type="submit" size="sm">
          {t('productAdmin.editor.saveNames')}
        </Button>
      </form>
      <details className="product-admin__articles">
        <summary>{t('productAdmin.editor.articles', { count: model.articles.length })}</summary>
        <ul>
          {model.articles.map((article) => {
            const active = article.state.draft ?? article.active;
            return (
              <li key={article.reference}>
                <code>{article.reference}</code> {active ? t('productAdmin.value.active') : t('productAdmin.value.retired')}{' '}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t(active ? 'productAdmin.editor.retireArticle' : 'productAdmin.editor.activateArticle', { reference: article.reference })}
                  onPress={() => void save({ kind: 'article', key: article.reference, value: { active: !active }, expectedRevision: article.state.revision })}
                >
                  {active ? t('productAdmin.editor.retire') : t('productAdmin.editor.activate')}
                </Button>
                <ArticleTermsForm article={article} onSave={(terms) => void save({ kind: 'terms', key: article.reference, value: terms, expectedRevision: article.termsState.revision })} />
              </li>
            );
          })}
        </ul>
      </details>
      {notice && (
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`product-admin__notice product-admin__notice--${notice.tone}`}>
          {notice.text}
        </p>
      )}
    </div>
  );
}

/** A price change by percentage over the collection filtered (or the whole catalogue) and a rate (or all). */
/** "1: 2, 50: 4" → from 1 unit 2 weeks, from 50 units 4 weeks; null when it is not such a list. */
export function parseLeadtime(text: string): AdminArticleTerms['leadtime'] | null {
  const steps = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => /^(\d{1,6})\s*:\s*(\d{1,3})$/.exec(part));
  if (steps.length === 0 || steps.some((step) => !step)) return null;
  const parsed = steps.map((step) => ({ from: Number(step?.[1]), weeks: Number(step?.[2]) }));
  return parsed[0]?.from === 1 && parsed.every((step, index) => index === 0 || step.from > (parsed[index - 1]?.from ?? 0)) && parsed.every((step) => step.weeks <= 104) ? parsed : null;
}

const leadtimeText = (steps: AdminArticleTerms['leadtime']) => steps.map((step) => `${step.from}: ${step.weeks}`).join(', ');

/** An article's order terms (issue 31 §2): minimum order quantity and lead time steps, saved into the draft. */
function ArticleTermsForm({ article, onSave }: { article: AdminArticle; onSave: (terms: AdminArticleTerms) => void }) {
  const { t } = useTranslation();
  const shown = article.termsState.draft ?? article.terms;
  const [moq, setMoq] = useState(String(shown.moq));
  const [leadtime, setLeadtime] = useState(leadtimeText(shown.leadtime));
  const moqValue = /^\d{1,6}$/.test(moq.trim()) ? Number(moq.trim()) : NaN;
  const steps = parseLeadtime(leadtime);
  const moqValid = Number.isInteger(moqValue) && moqValue >= 1 && moqValue <= 100_000;
  return (
    <form
      className="product-admin__terms"
      aria-label={t('productAdmin.editor.terms', { reference: article.reference })}
      onSubmit={(event) => {
        event.preventDefault();
        if (moqValid && steps) onSave({ moq: moqValue, leadtime: steps });
      }}
    >
      <TextField label={t('productAdmin.editor.moq')} name={`moq-${article.reference}`} value={moq} onChange={setMoq} isInvalid={!moqValid} errorMessage={t('productAdmin.editor.moqInvalid')} />
      <TextField
        label={t('productAdmin.editor.leadtime')}
        description={t('productAdmin.editor.leadtimeHelp')}
        name={`leadtime-${article.reference}`}
        value={leadtime}
        onChange={setLeadtime}
        isInvalid={steps === null}
        errorMessage={t('productAdmin.editor.leadtimeInvalid')}
      />
      <Button type="submit" size="sm" variant="secondary" isDisabled={!moqValid || steps === null} aria-label={t('productAdmin.editor.saveTerms', { reference: article.reference })}>
        {t('productAdmin.editor.save')}
      </Button>
    </form>
  );
}

function BulkPriceForm({ catalogue, subFamilyId, onChanged }: { catalogue: AdminCatalogue; subFamilyId: number | undefined; onChanged: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [percent, setPercent] = useState('');
  const [rate, setRate] = useState(ALL);
  const [notice, setNotice] = useState<Notice | null>(null);
  const value = Number(percent.replace(',', '.'));
  const valid = percent.trim() !== '' && Number.isFinite(value) && value >= -90 && value <= 500;

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setNotice({ tone: 'error', text: t('productAdmin.bulk.invalid') });
      return;
    }
    try {
      const result = await dispatch(
        bulkPrice({ catalogId: catalogue.id, body: { percent: Math.round(value * 100) / 100, ...(subFamilyId !== undefined ? { subFamilyId } : {}), ...(rate !== ALL ? { rateId: Number(rate) } : {}) } }),
      ).unwrap();
      setNotice({ tone: 'ok', text: t('productAdmin.bulk.done', { count: result.changed }) });
      setPercent('');
    } catch {
      setNotice({ tone: 'error', text: t('productAdmin.save.failed') });
    }
    onChanged();
  }

  const scope = subFamilyId !== undefined ? (catalogue.collections.find((collection) => collection.subFamilyId === subFamilyId)?.name ?? '') : t('productAdmin.bulk.wholeCatalogue');
  return (
    <form className="product-admin__bulk card" aria-label={t('productAdmin.bulk.title')} onSubmit={(event) => void apply(event)}>
      <p>{t('productAdmin.bulk.scope', { scope })}</p>
      <TextField label={t('productAdmin.bulk.percent')} name="percent" value={percent} onChange={setPercent} isInvalid={percent !== '' && !valid} errorMessage={t('productAdmin.bulk.invalid')} />
      <Select<string>
        label={t('productAdmin.bulk.rate')}
        name="rate"
        options={[{ value: ALL, label: t('productAdmin.bulk.allRates') }, ...catalogue.rates.map((item) => ({ value: String(item.id), label: item.name }))]}
        value={rate}
        onChange={setRate}
      />
      <Button type="submit" variant="secondary">
        {t('productAdmin.bulk.apply')}
      </Button>
      {notice && <p role={notice.tone === 'error' ? 'alert' : 'status'}>{notice.text}</p>}
    </form>
  );
}
