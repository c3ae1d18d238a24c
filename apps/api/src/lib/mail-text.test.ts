import { describe, expect, it } from 'vitest';
import { escapeHtml, fillTemplate, headerText } from './mail-text';

describe('mail text', () => {
  it('escapes the five markup characters for HTML', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  });

  it('keeps a header on one line: no CR, LF or other control characters, bounded', () => {
    expect(headerText('Offer\r\nBcc: victim@example.com\u2028x\tend')).toBe('Offer Bcc: victim@example.com x end');
    expect(headerText('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('escapes the values, never the template', () => {
    expect(fillTemplate('<p>{{name}} {{missing}}</p>', { name: '<b>' }, escapeHtml)).toBe('<p>&lt;b&gt; </p>');
    expect(fillTemplate('{{ n }} items', { n: 3 })).toBe('3 items');
  });
});
