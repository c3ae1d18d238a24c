import { Button, PageHeader, Select, TextField } from '@lumen/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadCollections } from '../../shared/catalogue-calls';
import { usePlatformConfig } from '../../shared/platform-config';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadComposePreview } from './tools-calls';
import { useToolLang } from './tools-shared';
import './tools.css';

const CODES = /^[A-Za-z0-9-]{1,12}(,[A-Za-z0-9-]{1,12}){0,11}$/;
const FINISHES = /^[A-Za-z0-9]{2}(,[A-Za-z0-9]{2}){0,11}$/;

export interface Composition {
  catalog: number;
  collection: number;
  elements: string;
  finishes: string;
}

/** The composition the address holds, when it is a whole one. */
export function compositionOf(params: URLSearchParams): Composition | null {
  const collection = Number(params.get('collection'));
  const elements = params.get('elements') ?? '';
  const finishes = params.get('finishes') ?? '';
  if (!Number.isInteger(collection) || collection <= 0 || !CODES.test(elements) || (finishes !== '' && !FINISHES.test(finishes))) return null;
  return { catalog: params.get('catalog') === '21' ? 21 : 16, collection, elements, finishes };
}

type ImageState = { status: 'idle' | 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; reason: string };

/**
 * /preview/compose (issue 32 §4), while the flag composeUrlPreview is on (the router shows the
 * not-found page otherwise, and the api answers 404): a composition given in the address (collection,
 * elements, finishes) drawn as one image by the api, and that image's address to use in mails and on
 * the brand's website. The form writes the address.
 */
export function ComposePreviewPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useToolLang();
  const { services } = usePlatformConfig();
  const [params, setParams] = useSearchParams();
  const composition = compositionOf(params);
  const [collection, setCollection] = useState<string | null>(composition ? String(composition.collection) : null);
  const [elements, setElements] = useState(composition?.elements ?? '');
  const [finishes, setFinishes] = useState(composition?.finishes ?? '');
  const [image, setImage] = useState<ImageState>({ status: 'idle' });
  const catalog = composition?.catalog ?? 16;
  const [collections] = useRemote(`${catalog}|${lang}`, () => dispatch(loadCollections({ catalogId: catalog, lang })).unwrap());
  const key = composition ? `${composition.catalog}|${composition.collection}|${composition.elements}|${composition.finishes}` : null;

  useEffect(() => {
    if (!composition) return;
    let live = true;
    let made: string | null = null;
    setImage({ status: 'loading' });
    dispatch(loadComposePreview(composition))
      .unwrap()
      .then(
        (blob) => {
          if (!live) return;
          made = URL.createObjectURL(blob);
          setImage({ status: 'ready', url: made });
        },
        (failure: unknown) => {
          const error = (failure as { error?: { ErrorDescription?: unknown } } | undefined)?.error;
          if (live) setImage({ status: 'failed', reason: typeof error?.ErrorDescription === 'string' ? error.ErrorDescription : '' });
        },
      );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // The key names the composition: a new object with the same values draws nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, dispatch]);

  const elementsInvalid = elements !== '' && !CODES.test(elements.replace(/\s+/g, ''));
  const finishesInvalid = finishes !== '' && !FINISHES.test(finishes.replace(/\s+/g, ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!collection || elements === '' || elementsInvalid || finishesInvalid) return;
    const next = new URLSearchParams({ catalog: String(catalog), collection, elements: elements.replace(/\s+/g, '') });
    if (finishes !== '') next.set('finishes', finishes.replace(/\s+/g, ''));
    setParams(next);
  };
  const query = composition ? new URLSearchParams({ catalog: String(composition.catalog), collection: String(composition.collection), elements: composition.elements, ...(composition.finishes ? { finishes: composition.finishes } : {}) }) : null;
  const address = query ? new URL(`${services.images.replace(/\/$/, '')}/v1/preview/compose?${query.toString()}`, window.location.origin).toString() : null;

  return (
    <section className="page tools" aria-labelledby="compose-preview-title">
      <PageHeader titleId="compose-preview-title" title={t('tools.compose.title')} lead={t('tools.compose.intro')} />
      <form className="tools__form" onSubmit={submit}>
        <Select<string>
          label={t('tools.collection')}
          name="collection"
          isRequired
          isDisabled={collections.status !== 'ready'}
          options={collections.status === 'ready' ? collections.data.map((item) => ({ value: String(item.subFamilyId), label: item.name })) : []}
          value={collection}
          onChange={setCollection}
        />
        <TextField label={t('tools.compose.elements')} name="elements" description={t('tools.compose.elementsHint')} value={elements} onChange={setElements} isInvalid={elementsInvalid} errorMessage={t('tools.compose.elementsInvalid')} />
        <TextField label={t('tools.compose.finishes')} name="finishes" description={t('tools.compose.finishesHint')} value={finishes} onChange={setFinishes} isInvalid={finishesInvalid} errorMessage={t('tools.compose.finishesInvalid')} />
        <Button type="submit" isDisabled={!collection || elements === ''}>
          {t('tools.compose.show')}
        </Button>
      </form>
      {image.status === 'loading' && <p role="status">{t('tools.compose.drawing')}</p>}
      {image.status === 'failed' && <p role="alert">{t('tools.compose.failed', { reason: image.reason })}</p>}
      {image.status === 'ready' && composition && (
        <figure className="tools__composed">
          <img src={image.url} alt={t('tools.compose.alt', { elements: composition.elements.split(',').join(', ') })} />
          {address && (
            <figcaption>
              <span className="tools__label">{t('tools.compose.address')}</span> <a href={address}>{address}</a>
            </figcaption>
          )}
        </figure>
      )}
    </section>
  );
}
