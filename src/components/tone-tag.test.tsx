import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToneTag } from './tone-tag.tsx';
import { ToneTagPhone } from './tone-tag-phone.tsx';

describe('a status tag in its tone', () => {
  it('colours the antd tag as antd names the tone', () => {
    render(<ToneTag tone="danger">已驳回</ToneTag>);
    expect(screen.getByText('已驳回').className).toContain('ant-tag-error');
  });

  it('colours the antd-mobile tag as antd-mobile names the tone, outlined when asked', () => {
    render(
      <ToneTagPhone tone="processing" fill="outline">
        审批中
      </ToneTagPhone>,
    );
    const tag = screen.getByText('审批中');
    expect(tag.style.getPropertyValue('--border-color')).toBe('var(--adm-color-primary, #1677ff)');
    expect(tag.style.getPropertyValue('--background-color')).toBe('transparent');
  });
});
