import { html, jsonIsland, query } from './html.js';

describe('html', () => {
  it('escapes interpolated text (agent-written content never becomes markup) but not nested html', () => {
    const content = '<script>alert("x")</script> & \'q\'';
    expect(html`<p>${content}</p>`.value).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>');
    expect(html`<div>${html`<b>${'a<b'}</b>`}${[1, 2]}${null}${false}</div>`.value).toBe('<div><b>a&lt;b</b>12</div>');
  });

  it('keeps a JSON data island from closing its script element', () => {
    expect(jsonIsland('d', { label: '</script><script>x()</script>' }).value).not.toContain('</script><script>');
  });

  it('builds a query string from the non-empty values only', () => {
    expect(query({ a: 'x y', b: '', c: undefined, d: 2, e: false })).toBe('?a=x+y&d=2');
  });
});
