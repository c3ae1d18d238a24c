import { Icon } from '@lumen/ui';
import { useState } from 'react';

/**
 * A collection or model picture (SVG served by the api). Decorative: the name beside it says what
 * it is. Without a picture, or when it fails to load, the no-image placeholder of spec §9 shows.
 */
export function ProductImage({ src, className }: { src: string | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = `catalogue-image${className ? ` ${className}` : ''}`;
  if (!src || failed === src) {
    return (
      <span className={`${classes} catalogue-image--empty`} aria-hidden="true">
        <Icon name="visibilityOff" size={32} />
      </span>
    );
  }
  return <img className={classes} src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />;
}
