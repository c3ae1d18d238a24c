import type { AdminCatalogue } from '@lumen/contracts';
import { Badge, Button, Select, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadAdminCatalogues, loadAdminPreconfigs, saveDraftChange } from './product-admin-calls';
import { CatalogueSelect, EMPTY_TEXTS, ProductAdminNav, SixTextFields, type SixTexts, useCatalogueParam } from './product-admin-shared';
import './product-admin.css';

interface Line {
  reference: string;
  quantity: string;
}

/**
 * /product-admin/compose (issue 31 §4): preconfigurations of the express configurators, a list of
 * articles with quantities, with a name, a description in six languages, a visibility and an order.
 * They go to the draft and out with the next publication.
 */
export function ProductAdminComposePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [catalogId, setCatalogId] = useCatalogueParam();
  const [refresh, setRefresh] = useState(0);
  const [catalogues] = useRemote('catalogues', () => dispatch(loadAdminCatalogues()).unwrap());
  const catalogue = catalogues.status === 'ready' ? catalogues.data.find((item) => item.id === catalogId) : undefined;
  const [preconfigs] = useRemote(`preconfigs/${catalogId}`, () => dispatch(loadAdminPreconfigs({ catalogId })).unwrap(), { refresh: String(refresh) });
  return (
    <section className="page product-admin" aria-labelledby="product-admin-compose-title">
      <h1 id="product-admin-compose-title">{t('productAdmin.compose.title')}</h1>
      <ProductAdminNav />
      {catalogues.status === 'ready' && catalogue && (
        <>
          <CatalogueSelect catalogues={catalogues.data} value={catalogId} onChange={setCatalogId} />
          <ComposeForm key={catalogId} catalogue={catalogue} onSaved={() => setRefresh((n) => n + 1)} />
        </>
      )}
      {preconfigs.status === 'ready' && catalogue && (
        <section aria-labelledby="product-admin-preconfigs" className="card">
          <h2 id="product-admin-preconfigs">{t('productAdmin.compose.list')}</h2>
          <ul className="product-admin__rules">
            {preconfigs.data
              .filter((preconfig) => preconfig.origin === 'draft')
              .map((preconfig) => (
                <li key={preconfig.key}>
                  <Badge tone="warning">{t('productAdmin.rules.origin.draft')}</Badge> {preconfig.name} — {catalogue.collections.find((item) => item.subFamilyId === preconfig.subFamilyId)?.name ?? ''} —{' '}
                  {preconfig.lines.map((line) => `${line.quantity} × ${line.reference}`).join(', ')}
                </li>
              ))}
          </ul>
          <p>{t('productAdmin.compose.published', { count: preconfigs.data.filter((preconfig) => preconfig.origin === 'catalogue').length })}</p>
        </section>
      )}
    </section>
  );
}

function ComposeForm({ catalogue, onSaved }: { catalogue: AdminCatalogue; onSaved: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const express = catalogue.collections.filter((collection) => collection.configuratorType === 'EXPRESS');
  const [subFamilyId, setSubFamilyId] = useState<string | null>(express[0] ? String(express[0].subFamilyId) : null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState<SixTexts>(EMPTY_TEXTS);
  const [visibility, setVisibility] = useState<'website' | 'private'>('website');
  const [order, setOrder] = useState('1');
  const [lines, setLines] = useState<Line[]>([{ reference: '', quantity: '1' }]);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = lines.filter((line) => line.reference.trim() !== '').map((line) => ({ reference: line.reference.trim().toUpperCase(), quantity: Number(line.quantity) }));
    if (!subFamilyId || !name.trim() || parsed.length === 0 || parsed.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1) || Object.values(description).some((text) => !text.trim())) {
      setMessage({ tone: 'error', text: t('productAdmin.compose.incomplete') });
      return;
    }
    const key = `new-${Date.now().toString(36)}`;
    try {
      await dispatch(
        saveDraftChange({
          catalogId: catalogue.id,
          change: { kind: 'preconfig', key, value: { subFamilyId: Number(subFamilyId), name: name.trim(), description, visibility, order: Number(order) || 0, lines: parsed }, expectedRevision: 0 },
        }),
      ).unwrap();
      setMessage({ tone: 'ok', text: t('productAdmin.compose.saved') });
      setName('');
      setLines([{ reference: '', quantity: '1' }]);
      onSaved();
    } catch {
      setMessage({ tone: 'error', text: t('productAdmin.save.failed') });
    }
  }

  return (
    <form className="card product-admin__compose" aria-labelledby="product-admin-compose-form" onSubmit={(event) => void save(event)}>
      <h2 id="product-admin-compose-form">{t('productAdmin.compose.new')}</h2>
      <Select<string>
        label={t('productAdmin.models.collection')}
        name="collection"
        options={express.map((collection) => ({ value: String(collection.subFamilyId), label: collection.name }))}
        value={subFamilyId}
        onChange={setSubFamilyId}
      />
      <TextField label={t('productAdmin.compose.name')} name="name" value={name} onChange={setName} isRequired />
      <SixTextFields label={t('productAdmin.compose.description')} name="description" value={description} onChange={setDescription} />
      <Select<string>
        label={t('productAdmin.compose.visibility')}
        name="visibility"
        options={[
          { value: 'website', label: t('productAdmin.compose.visibility.website') },
          { value: 'private', label: t('productAdmin.compose.visibility.private') },
        ]}
        value={visibility}
        onChange={(value) => setVisibility(value === 'private' ? 'private' : 'website')}
      />
      <TextField label={t('productAdmin.compose.order')} name="order" value={order} onChange={setOrder} />
      <fieldset>
        <legend>{t('productAdmin.compose.lines')}</legend>
        {lines.map((line, index) => (
          <div className="product-admin__price" key={index}>
            <TextField label={t('productAdmin.compose.reference', { n: index + 1 })} name={`reference-${index}`} value={line.reference} onChange={(reference) => setLines(lines.map((item, i) => (i === index ? { ...item, reference } : item)))} />
            <TextField label={t('productAdmin.compose.quantity', { n: index + 1 })} name={`quantity-${index}`} value={line.quantity} onChange={(quantity) => setLines(lines.map((item, i) => (i === index ? { ...item, quantity } : item)))} />
          </div>
        ))}
        <Button variant="ghost" size="sm" onPress={() => setLines([...lines, { reference: '', quantity: '1' }])}>
          {t('productAdmin.compose.addLine')}
        </Button>
      </fieldset>
      <Button type="submit">{t('productAdmin.compose.save')}</Button>
      {message && <p role={message.tone === 'error' ? 'alert' : 'status'}>{message.text}</p>}
    </form>
  );
}
