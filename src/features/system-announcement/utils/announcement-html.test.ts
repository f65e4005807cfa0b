import { describe, expect, it } from 'vitest';
import { IMAGE_ADDRESS, LINK_ADDRESS, editorDropsFormatting } from './announcement-html.ts';

describe('editorDropsFormatting', () => {
  it('is false for what the editor itself writes', () => {
    expect(editorDropsFormatting('')).toBe(false);
    expect(
      editorDropsFormatting('<h2>标题</h2><p>正文<strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s><br></p><ul><li><p>一</p></li></ul><ol start="2"><li><p>二</p></li></ol><blockquote><p>引用</p></blockquote><p><a target="_blank" rel="noopener noreferrer" href="https://a.cn">链接</a></p><img src="https://a.cn/b.png" width="100">'),
    ).toBe(false);
  });

  it('is true for tables, colours, alignment and other markup the editor cannot keep', () => {
    expect(editorDropsFormatting('<table><tr><td>格</td></tr></table>')).toBe(true);
    expect(editorDropsFormatting('<p style="text-align:center">居中</p>')).toBe(true);
    expect(editorDropsFormatting('<p align="center">居中</p>')).toBe(true);
    expect(editorDropsFormatting('<font color="red">红</font>')).toBe(true);
    expect(editorDropsFormatting('<p>上<sup>标</sup></p>')).toBe(true);
  });
});

describe('addresses of 链接 and 图片', () => {
  it('accept http(s) (and mailto for links) only', () => {
    expect(LINK_ADDRESS.test('https://example.com/a')).toBe(true);
    expect(LINK_ADDRESS.test('mailto:office@school.edu.cn')).toBe(true);
    expect(LINK_ADDRESS.test('javascript:alert(1)')).toBe(false);
    expect(IMAGE_ADDRESS.test('http://example.com/a.png')).toBe(true);
    expect(IMAGE_ADDRESS.test('data:image/png;base64,AAAA')).toBe(false);
  });
});
