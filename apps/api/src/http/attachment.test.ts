import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './attachment';

describe('attachmentDisposition', () => {
  it('keeps a UTF-8 name whole for browsers and gives old clients an ASCII fallback', () => {
    const header = attachmentDisposition('Hoja técnica "Nómada" Ø40.pdf');
    expect(header).toContain(`filename="Hoja t_cnica \\"N_mada\\" _40.pdf"`);
    // The reader decodes filename* (RFC 8187) over the fallback: what a browser saves.
    expect(parse(header)).toMatchObject({ type: 'attachment', parameters: { filename: 'Hoja técnica "Nómada" Ø40.pdf' } });
  });

  it('writes a plain ASCII name once', () => {
    expect(parse(attachmentDisposition('quote-000004.pdf'))).toEqual({ type: 'attachment', parameters: { filename: 'quote-000004.pdf' } });
    expect(attachmentDisposition('quote-000004.pdf')).not.toContain('filename*');
  });
});
