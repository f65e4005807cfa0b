import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeAnnouncementHtml as clean } from '../../server/modules/announcement/sanitize.ts';
import { EDITOR_HTML, EDITOR_HTML_SANITISED } from '../fixtures/editor-html.ts';

describe('sanitizeAnnouncementHtml', () => {
  it('keeps ordinary formatting, lists, tables, links and images', () => {
    const html = [
      '<h2>标题</h2>',
      '<p style="text-align:center;color:#ff0000">居中<strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s><br /></p>',
      '<blockquote>引用</blockquote>',
      '<ul><li>一</li></ul><ol start="2"><li>二</li></ol>',
      '<table border="1"><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td rowspan="1">格</td></tr></tbody></table>',
      '<p><a href="https://example.com/a?b=1" title="链接">网址</a><a href="mailto:office@school.edu.cn">邮件</a><a href="/isps/weekly">站内</a></p>',
      '<p><img src="https://example.com/a.png" alt="图" width="100" /><img src="data:image/png;base64,iVBORw0KGgo=" /></p>',
    ].join('');
    expect(clean(html)).toBe(html);
  });

  it('drops script, style, iframe and similar elements with their content', () => {
    expect(clean('<p>前<script>alert(1)</script>后</p><style>p{display:none}</style><iframe src="https://x.com">框</iframe><noscript>无</noscript>')).toBe('<p>前后</p>');
    expect(clean('<object data="x.swf"></object><embed src="x.swf" /><template><p>模板</p></template><svg><script>1</script></svg>')).toBe('');
  });

  it('drops forms and inputs but keeps the words around them', () => {
    expect(clean('<form action="https://evil.com"><label>账号</label><input name="u" /><button>提交</button></form>')).toBe('账号提交');
  });

  it('drops event handlers and unknown attributes', () => {
    expect(clean('<p onclick="x()" class="c" id="i" data-x="1">段</p><img src="https://a.cn/b.png" onerror="alert(1)" onload="x" />')).toBe(
      '<p>段</p><img src="https://a.cn/b.png" />',
    );
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['jav&#x09;ascript:alert(1)'],
    ['  javascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['//evil.com/x'],
    ['ftp://files.example.com/x'],
  ])('drops the link address %s', (href) => {
    expect(clean(`<a href="${href}">点</a>`)).toBe('<a>点</a>');
  });

  it.each([['javascript:alert(1)'], ['data:text/html;base64,PHNjcmlwdD4='], ['data:image/svg+xml;base64,PHN2Zz4='], ['mailto:a@b.cn'], ['//evil.com/x.png']])(
    'drops an image with the address %s',
    (src) => {
      expect(clean(`<p>图<img src="${src}" /></p>`)).toBe('<p>图</p>');
    },
  );

  it('keeps only harmless style properties and values', () => {
    expect(clean('<p style="color:red;position:fixed;background-image:url(javascript:alert(1));font-size:16px;width:expression(alert(1))">字</p>')).toBe(
      '<p style="color:red;font-size:16px">字</p>',
    );
  });

  it('makes a link to a new tab unable to reach back to the page', () => {
    expect(clean('<a href="https://example.com" target="_blank" rel="opener">外链</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">外链</a>');
    expect(clean('<a href="https://example.com" target="top" rel="opener">外链</a>')).toBe('<a href="https://example.com">外链</a>');
  });
});

describe('what the rich-text editor writes', () => {
  it('keeps every format of its toolbar', () => {
    const kept = clean(EDITOR_HTML);
    expect(kept).toBe(EDITOR_HTML_SANITISED);
    for (const tag of ['<h2>', '<h3>', '<strong>', '<em>', '<u>', '<s>', '<ul><li><p>', '<ol><li><p>', '<blockquote>', '<a href="https://example.com/guide"', '<img src="https://example.com/poster.png"']) expect(kept).toContain(tag);
  });

  it('loses a script and event handlers mixed into it (as HTML源码 could), keeping the rest', () => {
    const hostile = `${EDITOR_HTML}<script>alert(1)</script><p onmouseover="x()"><strong onclick="y()">粗</strong></p><img src="https://example.com/a.png" onerror="alert(2)">`;
    expect(clean(hostile)).toBe(`${EDITOR_HTML_SANITISED}<p><strong>粗</strong></p><img src="https://example.com/a.png" />`);
  });

  it('finds an empty editor blank', () => {
    expect(isBlankHtml(clean('<p></p>'))).toBe(true);
    expect(isBlankHtml(clean('<h2></h2><ul><li><p></p></li></ul>'))).toBe(true);
  });
});

describe('isBlankHtml', () => {
  it.each([['<p><br></p>'], ['<p>&nbsp; </p>'], [''], ['<div><span> </span></div>']])('finds %s blank', (html) => {
    expect(isBlankHtml(html)).toBe(true);
  });

  it.each([['<p>字</p>'], ['<img src="https://a.cn/b.png" />']])('finds %s not blank', (html) => {
    expect(isBlankHtml(html)).toBe(false);
  });
});
